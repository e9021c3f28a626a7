import type { JobRecord } from '../jobs/job';
import type { TaskOutcome } from './request-log';
import { TaskOutcomes, taskOutcomeOf } from './task-outcomes';

type Ended = Pick<JobRecord, 'status' | 'error' | 'completedAt' | 'updatedAt' | 'requestLogIds'>;

const failure = { code: 'start_out_of_range', message: 'Error: start (5 s) is at or beyond the end of the input (2.000 s).', param: 'start', hint: 'Choose a start inside the media.' };
const failedJob: Ended = { status: 'failed', error: failure, completedAt: '2026-03-01T10:00:07.000Z', updatedAt: '2026-03-01T10:00:07.000Z', requestLogIds: ['log-a', 'log-b'] };

function store() {
  const rows = new Map<string, { outcome: TaskOutcome; expiresAt: number; writes: number }>();
  return {
    rows,
    recordTaskOutcome: async (id: string, outcome: TaskOutcome, expiresAt: number) => {
      rows.set(id, { outcome, expiresAt, writes: (rows.get(id)?.writes ?? 0) + 1 });
    },
  };
}

describe('task outcomes on log rows', () => {
  it('puts a failed job and its error on every row that answered with it', async () => {
    const logs = store();
    const written = await new TaskOutcomes(logs, () => new Date('2026-03-01T10:00:08.000Z')).jobEnded(failedJob);
    expect(written).toBe(2);
    expect(logs.rows.get('log-a')?.outcome).toEqual({ status: 'failed', error: failure, endedAt: '2026-03-01T10:00:07.000Z' });
    expect(logs.rows.get('log-b')?.outcome.status).toBe('failed');
    // Thirty days from now, should the request's own write never come.
    expect(logs.rows.get('log-a')?.expiresAt).toBe(Date.parse('2026-03-01T10:00:08.000Z') / 1000 + 30 * 86_400);
  });

  it('writes the same outcome again when the job end is seen again (a redelivered message)', async () => {
    const logs = store();
    const outcomes = new TaskOutcomes(logs);
    await outcomes.jobEnded(failedJob);
    const first = logs.rows.get('log-a')?.outcome;
    await outcomes.jobEnded(failedJob);
    expect(logs.rows.get('log-a')).toMatchObject({ outcome: first, writes: 2 });
  });

  it('keeps no error for a completed job, and writes nothing while a job runs or when no row names it', async () => {
    const logs = store();
    const outcomes = new TaskOutcomes(logs);
    expect(await outcomes.jobEnded({ ...failedJob, status: 'processing' })).toBe(0);
    expect(await outcomes.jobEnded({ ...failedJob, status: 'queued' })).toBe(0);
    expect(await outcomes.jobEnded({ ...failedJob, requestLogIds: undefined })).toBe(0);
    expect(logs.rows.size).toBe(0);
    expect(taskOutcomeOf({ ...failedJob, status: 'completed', error: null })).toEqual({ status: 'completed', error: null, endedAt: '2026-03-01T10:00:07.000Z' });
    expect(taskOutcomeOf({ ...failedJob, status: 'canceled', completedAt: null })).toEqual({ status: 'canceled', error: null, endedAt: '2026-03-01T10:00:07.000Z' });
  });
});
