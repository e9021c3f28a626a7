import type { JobRecord } from './job';

/** The pace of a task whose end cannot be foreseen yet (queued, or no progress reported). */
export const DEFAULT_POLL_SECONDS = 2;
export const MIN_POLL_SECONDS = 1;
/** Even a long job is looked at this often: a client's progress bar keeps moving. */
export const MAX_POLL_SECONDS = 10;

type Pace = Pick<JobRecord, 'status' | 'progress' | 'startedAt' | 'updatedAt'>;

/** The time a running task's progress so far says is left, in ms (negative past the expected end); undefined while nothing tells. */
function msLeft(job: Pace, now: Date): number | undefined {
  if (job.status !== 'processing' || job.startedAt === null || job.progress <= 0 || job.progress >= 100) return undefined;
  const started = Date.parse(job.startedAt);
  // The last progress report; the rate is read from the start up to it.
  const reported = Date.parse(job.updatedAt);
  if (!(reported > started)) return undefined;
  return ((reported - started) * (100 - job.progress)) / job.progress - (now.getTime() - reported);
}

/**
 * The `Retry-After` of a running task: half the time its progress so far
 * says is left, between 1 and 10 s. A client that keeps to it asks rarely
 * while a long job runs and about once a second near its end, so it learns
 * of the end within a second without polling faster than it needs to (each
 * poll is a billed request and a request-log row).
 */
export function pollAfterSeconds(job: Pace, now: Date): number {
  const left = msLeft(job, now);
  if (left === undefined) return DEFAULT_POLL_SECONDS;
  return Math.min(MAX_POLL_SECONDS, Math.max(MIN_POLL_SECONDS, Math.ceil(left / 2000)));
}

/** A held read's pace: near the end, and while nothing tells when that is, the end is seen within this. */
export const MIN_HELD_READ_MS = 250;
const UNKNOWN_HELD_READ_MS = 500;
const MAX_HELD_READ_MS = 2000;

/**
 * How long a held `GET /task?wait=` waits before reading the task again: a
 * quarter of the time its progress says is left, from 2 s on a long job down
 * to 250 ms near its end, and 500 ms while nothing tells (queued, or no
 * progress yet: a short job may end any moment). Reading every 250 ms
 * throughout cost as much CPU as the rest of the job's bookkeeping together.
 */
export function heldReadAfterMs(job: Pace, now: Date): number {
  const left = msLeft(job, now);
  if (left === undefined) return UNKNOWN_HELD_READ_MS;
  return Math.min(MAX_HELD_READ_MS, Math.max(MIN_HELD_READ_MS, Math.round(left / 4)));
}
