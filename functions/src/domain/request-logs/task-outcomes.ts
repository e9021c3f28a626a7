import { LOG_RETENTION_DAYS } from '../../contracts/api-logs';
import type { JobRecord } from '../jobs/job';
import type { TaskOutcome, TaskOutcomeStore } from './request-log';

/** How a job ended, for the log rows of its requests; undefined while it runs. */
export function taskOutcomeOf(job: Pick<JobRecord, 'status' | 'error' | 'completedAt' | 'updatedAt'>): TaskOutcome | undefined {
  if (job.status !== 'completed' && job.status !== 'failed' && job.status !== 'canceled') return undefined;
  return { status: job.status, error: job.status === 'failed' ? job.error : null, endedAt: job.completedAt ?? job.updatedAt };
}

/**
 * Puts a job's outcome on the log rows of the requests that made it or
 * answered it again. Called each time a job is seen ended (a redelivered
 * message included): the same outcome written again changes nothing.
 */
export class TaskOutcomes {
  constructor(
    private readonly logs: TaskOutcomeStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The number of rows written; 0 while the job runs or when no row names it. */
  async jobEnded(job: Pick<JobRecord, 'status' | 'error' | 'completedAt' | 'updatedAt' | 'requestLogIds'>): Promise<number> {
    const outcome = taskOutcomeOf(job);
    const ids = job.requestLogIds ?? [];
    if (!outcome || ids.length === 0) return 0;
    // A row the request has not written yet would otherwise hold the outcome for ever.
    const expiresAt = Math.floor(this.now().getTime() / 1000) + LOG_RETENTION_DAYS * 86_400;
    await Promise.all(ids.map((id) => this.logs.recordTaskOutcome(id, outcome, expiresAt)));
    return ids.length;
  }
}
