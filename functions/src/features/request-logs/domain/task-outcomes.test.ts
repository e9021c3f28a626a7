import type { JobRecord } from '../../jobs/domain/job';
import type { OutcomeRow, TaskOutcome } from './request-log';
import { TaskOutcomes, taskOutcomeOf } from './task-outcomes';

type Ended = Pick<JobRecord, 'status' | 'error' | 'completedAt' | 'updatedAt' | 'requestLogIds'>;

const failure = { code: 'start_out_of_range', message: 'Error: start (5 s) is at or beyond the end of the input (2.000 s).', param: 'start', hint: 'Choose a start inside the media.' };
const failedJob: Ended = { status: 'failed', error: failure, completedAt: '2026-03-01T10:00:07.000Z', updatedAt: '2026-03-01T10:00:07.000Z', requestLogIds: ['log-a', 'log-b'] };
const madeAt = '2026-03-01T10:00:01.000Z';

/** Log rows as the table keeps them: the outcome is put once, and the row's request fields come back with it. */
function store(requests: Record<string, OutcomeRow> = {}) {
  const rows = new Map<string, { outcome: TaskOutcome; expiresAt: number }>();
  return {
    rows,
    recordTaskOutcome: async (id: string, outcome: TaskOutcome, expiresAt: number): Promise<OutcomeRow | null> => {
      if (rows.has(id)) return null;
      rows.set(id, { outcome, expiresAt });
      return requests[id] ?? {};
    },
  };
}

function counters() {
  const errors: { userId: string; at: string }[] = [];
  return { errors, countError: async (userId: string, at: Date) => void errors.push({ userId, at: at.toISOString() }) };
}

describe('task outcomes on log rows', () => {
  it('puts a failed job and its error on every row that answered with it', async () => {
    const logs = store();
    const written = await new TaskOutcomes(logs, counters(), () => new Date('2026-03-01T10:00:08.000Z')).jobEnded(failedJob);
    expect(written).toBe(2);
    expect(logs.rows.get('log-a')?.outcome).toEqual({ status: 'failed', error: failure, endedAt: '2026-03-01T10:00:07.000Z' });
    expect(logs.rows.get('log-b')?.outcome.status).toBe('failed');
    // Thirty days from now, should the request's own write never come.
    expect(logs.rows.get('log-a')?.expiresAt).toBe(Date.parse('2026-03-01T10:00:08.000Z') / 1000 + 30 * 86_400);
  });

  it('counts a failed task as an error of the day its accepted request was made, once however often the end is seen', async () => {
    const logs = store({ 'log-a': { userId: 'user-1', createdAt: madeAt, statusCode: 202 } });
    const counted = counters();
    const outcomes = new TaskOutcomes(logs, counted);
    await outcomes.jobEnded(failedJob);
    await outcomes.jobEnded(failedJob);
    expect(counted.errors).toEqual([{ userId: 'user-1', at: madeAt }]);
  });

  it('leaves the count to the request when its row is not written yet, and counts nothing for a request already an error or a task that did not fail', async () => {
    const early = counters();
    await new TaskOutcomes(store(), early).jobEnded(failedJob);
    expect(early.errors).toEqual([]);

    const refused = counters();
    await new TaskOutcomes(store({ 'log-a': { userId: 'user-1', createdAt: madeAt, statusCode: 429 } }), refused).jobEnded(failedJob);
    expect(refused.errors).toEqual([]);

    const completed = counters();
    await new TaskOutcomes(store({ 'log-a': { userId: 'user-1', createdAt: madeAt, statusCode: 202 } }), completed).jobEnded({ ...failedJob, status: 'completed', error: null });
    expect(completed.errors).toEqual([]);
  });

  it('keeps no error for a completed job, and writes nothing while a job runs or when no row names it', async () => {
    const logs = store();
    const outcomes = new TaskOutcomes(logs, counters());
    expect(await outcomes.jobEnded({ ...failedJob, status: 'processing' })).toBe(0);
    expect(await outcomes.jobEnded({ ...failedJob, status: 'queued' })).toBe(0);
    expect(await outcomes.jobEnded({ ...failedJob, requestLogIds: undefined })).toBe(0);
    expect(logs.rows.size).toBe(0);
    expect(taskOutcomeOf({ ...failedJob, status: 'completed', error: null })).toEqual({ status: 'completed', error: null, endedAt: '2026-03-01T10:00:07.000Z' });
    expect(taskOutcomeOf({ ...failedJob, status: 'canceled', completedAt: null })).toEqual({ status: 'canceled', error: null, endedAt: '2026-03-01T10:00:07.000Z' });
  });
});
