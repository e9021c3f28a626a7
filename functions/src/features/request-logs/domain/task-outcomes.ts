import { LOG_RETENTION_DAYS } from '../contracts/api-logs';
import type { JobRecord } from '../../jobs/domain/job';
import type { OutcomeRow, TaskOutcome, TaskOutcomeStore, UsageCounters } from './request-log';

/** What of an ended job its requests' log rows show. */
export type EndedJob = Pick<JobRecord, 'status' | 'error' | 'completedAt' | 'updatedAt' | 'requestLogIds'>;

/** How a job ended, for the log rows of its requests; undefined while it runs. */
export function taskOutcomeOf(job: Pick<JobRecord, 'status' | 'error' | 'completedAt' | 'updatedAt'>): TaskOutcome | undefined {
  if (job.status !== 'completed' && job.status !== 'failed' && job.status !== 'canceled') return undefined;
  return { status: job.status, error: job.status === 'failed' ? job.error : null, endedAt: job.completedAt ?? job.updatedAt };
}

/**
 * A live key's row whose request was accepted (below 400) and whose task then
 * failed: an error of the day it was made. A test key's counts toward nothing.
 */
function acceptedThenFailed(row: OutcomeRow | null): row is Required<Pick<OutcomeRow, 'userId' | 'createdAt' | 'statusCode'>> {
  return row?.userId !== undefined && row.createdAt !== undefined && row.statusCode !== undefined && row.statusCode < 400 && row.keyMode !== 'test';
}

/**
 * Puts a job's outcome on the log rows of the requests that made it or
 * answered it again. Called each time a job is seen ended (a redelivered
 * message included): only the first call writes. A failed task turns its
 * accepted requests into errors of the dashboard's counts, once each: here
 * when the request's row was written first, by the request's own log write
 * otherwise.
 */
export class TaskOutcomes {
  constructor(
    private readonly logs: TaskOutcomeStore,
    private readonly counters: Pick<UsageCounters, 'countError'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The number of rows written; 0 while the job runs or when no row names it. */
  async jobEnded(job: EndedJob): Promise<number> {
    const outcome = taskOutcomeOf(job);
    const ids = job.requestLogIds ?? [];
    if (!outcome || ids.length === 0) return 0;
    // A row the request has not written yet would otherwise hold the outcome for ever.
    const expiresAt = Math.floor(this.now().getTime() / 1000) + LOG_RETENTION_DAYS * 86_400;
    const rows = await Promise.all(ids.map((id) => this.logs.recordTaskOutcome(id, outcome, expiresAt)));
    if (outcome.status === 'failed') {
      await Promise.all(rows.filter(acceptedThenFailed).map((row) => this.counters.countError(row.userId, new Date(row.createdAt))));
    }
    return ids.length;
  }
}
