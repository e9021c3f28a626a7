import { TaskOutcomes, type JobRecord, type OutcomeRow, type TaskOutcome } from '@frameforge/functions/jobs';
import { Logger } from '../logging/logger';
import { recordLogOutcome } from './log-outcomes';

const error = { code: 'start_out_of_range', message: 'Error: start (100 s) is at or beyond the end of the input (2.000 s).', param: 'start', hint: null };
const job = (status: JobRecord['status']) =>
  ({ id: 'job-1', status, error: status === 'failed' ? error : null, completedAt: '2026-03-01T10:00:07.000Z', updatedAt: '2026-03-01T10:00:07.000Z', requestLogIds: ['log-1'] }) as JobRecord;

function setup(stored: JobRecord | undefined, write: (id: string, outcome: TaskOutcome) => Promise<OutcomeRow | null> = async () => null) {
  const recordTaskOutcome = jest.fn(write);
  return { recordTaskOutcome, jobs: { get: jest.fn(async () => stored) }, outcomes: new TaskOutcomes({ recordTaskOutcome }, { countError: jest.fn(async () => undefined) }) };
}

describe("an ended job's outcome on its log rows", () => {
  const log = new Logger({ logLevel: 'SILENT' });

  it('is written from the stored job, whichever worker looks', async () => {
    const { jobs, outcomes, recordTaskOutcome } = setup(job('failed'));
    await recordLogOutcome('job-1', jobs, outcomes, log);
    expect(recordTaskOutcome).toHaveBeenCalledWith('log-1', { status: 'failed', error, endedAt: '2026-03-01T10:00:07.000Z' }, expect.any(Number));
  });

  it('is not written for a job still running or gone', async () => {
    for (const stored of [job('processing'), undefined]) {
      const { jobs, outcomes, recordTaskOutcome } = setup(stored);
      await recordLogOutcome('job-1', jobs, outcomes, log);
      expect(recordTaskOutcome).not.toHaveBeenCalled();
    }
  });

  it('throws when the write fails, so the job message comes back and writes it again', async () => {
    const { jobs, outcomes } = setup(job('failed'), () => Promise.reject(new Error('throttled')));
    await expect(recordLogOutcome('job-1', jobs, outcomes, log)).rejects.toThrow('throttled');
  });
});
