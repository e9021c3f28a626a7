import { setTimeout as sleep } from 'node:timers/promises';
import { outputKey, type JobOutput, type MediaStorage } from '@frameforge/functions/jobs';
import type { OperationOutput, OperationResult } from '../operations/operation';
import { StorageFailedError, storageFailure } from './failure-causes';
import type { GrowingUpload } from './growing-upload';
import { keepOutputs } from './kept-outputs';

/** Waits between the tries of one store within a try of the job: storage hiccups pass in seconds. */
export const STORE_RETRY_DELAYS_MS: readonly number[] = [1000, 4000];
const OUTPUT_RETENTION_DAYS = 7;

export interface StoreContext {
  storage: MediaStorage;
  userId: string;
  jobId: string;
  now: () => Date;
  /** Waits between store tries; the last failure ends the try of the job. */
  delaysMs?: readonly number[];
  /** Aborted when the worker stops or loses the job: no more tries. */
  signal?: AbortSignal;
  /** Where the result is kept when every store try failed; absent, it is not kept (it is kept already). */
  keepIn?: string;
  onRetry?: (attempt: number, error: StorageFailedError) => void;
  /** The main output's upload, begun while it was written: completed instead of storing that file again. */
  growing?: GrowingUpload;
}

async function storeOnce(result: OperationResult, context: StoreContext): Promise<JobOutput> {
  const store = async (file: OperationOutput) => {
    const key = outputKey(context.userId, context.jobId, file.fileName);
    try {
      // An upload that gave up (or was used by an earlier try) answers undefined: the file goes up whole.
      const early = context.growing?.file.path === file.path ? await context.growing.finish() : undefined;
      const size = early ?? (await context.storage.uploadFromFile(key, file.path, file.mediaType, file.fileName));
      return { key, fileName: file.fileName, size, mediaType: file.mediaType };
    } catch (error) {
      throw storageFailure(error, 'output');
    }
  };
  const [main, attachments] = await Promise.all([store(result.output), Promise.all((result.attachments ?? []).map(store))]);
  const expiresAt = new Date(context.now().getTime() + OUTPUT_RETENTION_DAYS * 86_400_000).toISOString();
  return { ...main, duration: result.output.durationSeconds ?? null, expiresAt, ...(attachments.length ? { attachments } : {}) };
}

/**
 * Stores a finished result, trying again with backoff while storage fails
 * (the same keys again: a second put replaces the first). When every try
 * failed, the result is kept on this worker for the job's next try, and
 * the storage failure ends this one.
 */
export async function storeOutputs(result: OperationResult, context: StoreContext): Promise<JobOutput> {
  const delays = context.delaysMs ?? STORE_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await storeOnce(result, context);
    } catch (error) {
      const delay = delays[attempt];
      const retry = error instanceof StorageFailedError && delay !== undefined && !context.signal?.aborted;
      if (retry) {
        context.onRetry?.(attempt + 1, error);
        // A stop during the wait ends the waiting, not the job's bookkeeping: the try below sees the signal.
        await sleep(delay, undefined, { signal: context.signal }).catch(() => undefined);
        if (!context.signal?.aborted) continue;
      }
      // A result that cannot be kept is made again by the next try: the storage failure still ends this one.
      if (error instanceof StorageFailedError && context.keepIn) await keepOutputs(context.keepIn, context.jobId, result).catch(() => undefined);
      throw error;
    }
  }
}
