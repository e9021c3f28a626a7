import { toCallbackEvent } from '../../callbacks/domain/callback-event';
import type { JobRecord } from './job';
import { completedJob } from './output-test-support';
import { toTaskView } from './task-view';

const job: JobRecord = { ...completedJob, endpoint: 'cut', completedAt: '2026-11-25T00:01:00Z', callback: { url: 'https://hooks.example/a', baseUrl: 'https://api.test', attempts: [] } };

describe('metadata on the task', () => {
  it('shows the pairs as stored, in the task and in its callback event, and {} when there are none', () => {
    const tagged = { ...job, metadata: { order_id: 'A1' } };
    expect(toTaskView(tagged, 'https://api.test').metadata).toEqual({ order_id: 'A1' });
    expect(toCallbackEvent(tagged)?.data.metadata).toEqual({ order_id: 'A1' });
    expect(toTaskView(job, 'https://api.test').metadata).toEqual({});
  });
});
