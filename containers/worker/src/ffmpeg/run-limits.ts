import { AsyncLocalStorage } from 'node:async_hooks';

/** What a job allows every ffmpeg run inside it: a wall-clock limit and the job's stop signal. */
export interface RunLimits {
  timeoutSeconds: number;
  signal?: AbortSignal;
}

/**
 * Set by the worker around one job, so every ffmpeg run of every operation
 * gets the job's limits without each operation passing them along.
 */
export const runLimits = new AsyncLocalStorage<RunLimits>();

/** Outside any job (tests, tools): a generous limit, still finite. */
export const DEFAULT_TIMEOUT_SECONDS = 3600;
