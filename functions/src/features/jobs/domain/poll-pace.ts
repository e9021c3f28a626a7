import type { JobRecord } from './job';

/** The pace of a task whose end cannot be foreseen yet (queued, or no progress reported). */
export const DEFAULT_POLL_SECONDS = 2;
export const MIN_POLL_SECONDS = 1;
/** Even a long job is looked at this often: a client's progress bar keeps moving. */
export const MAX_POLL_SECONDS = 10;

/**
 * The `Retry-After` of a running task: half the time its progress so far
 * says is left, between 1 and 10 s. A client that keeps to it asks rarely
 * while a long job runs and about once a second near its end, so it learns
 * of the end within a second without polling faster than it needs to (each
 * poll is a billed request and a request-log row).
 */
export function pollAfterSeconds(job: Pick<JobRecord, 'status' | 'progress' | 'startedAt' | 'updatedAt'>, now: Date): number {
  if (job.status !== 'processing' || job.startedAt === null || job.progress <= 0 || job.progress >= 100) return DEFAULT_POLL_SECONDS;
  const started = Date.parse(job.startedAt);
  // The last progress report; the rate is read from the start up to it.
  const reported = Date.parse(job.updatedAt);
  if (!(reported > started)) return DEFAULT_POLL_SECONDS;
  const leftMs = ((reported - started) * (100 - job.progress)) / job.progress - (now.getTime() - reported);
  return Math.min(MAX_POLL_SECONDS, Math.max(MIN_POLL_SECONDS, Math.ceil(leftMs / 2000)));
}
