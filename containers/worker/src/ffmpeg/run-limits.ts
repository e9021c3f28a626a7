import { AsyncLocalStorage } from 'node:async_hooks';

/** What a job allows every ffmpeg run inside it: a wall-clock limit, the job's own deadline and its stop signal. */
export interface RunLimits {
  timeoutSeconds: number;
  /** Epoch ms by which the whole job must be done: no run goes past it, whatever its own limit. */
  deadline?: number;
  signal?: AbortSignal;
}

/**
 * Set by the worker around one job, so every ffmpeg run of every operation
 * gets the job's limits without each operation passing them along.
 */
export const runLimits = new AsyncLocalStorage<RunLimits>();

/** Outside any job (tests, tools): a generous limit, still finite. */
export const DEFAULT_TIMEOUT_SECONDS = 3600;

/**
 * The longest a job may run in all. SQS hides a received message for 12
 * hours at most: past that its visibility can no longer be extended and
 * another worker would be handed the job while this one still runs it.
 */
export const JOB_WALL_CLOCK_SECONDS = 11 * 3600;

/** The wall-clock limit of one run: its own, else the job's, and never past the job's deadline. */
export function runTimeoutSeconds(limits: RunLimits | undefined, { own, now = Date.now() }: { own?: number; now?: number } = {}): number {
  const limit = own ?? limits?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  if (limits?.deadline === undefined) return limit;
  // At least a second: a run started at the deadline still fails as a timeout, not as a crash.
  return Math.max(1, Math.min(limit, (limits.deadline - now) / 1000));
}
