import { FfmpegKilledError, FfmpegNoSpaceError } from '../ffmpeg/ffmpeg-errors';
import { InputRejectedError } from '../operations/operation';
import { OUR_SIDE_HINT, RetryableJobError } from './job-errors';

/**
 * The causes a job can fail with on our side, each a typed error with its
 * own stable code. They are tried again; after the last try the job ends
 * with the last one's words (see `finalFailure`). The technical detail
 * stays on `cause`, for the worker's log only.
 */

/** Our storage (S3) failed while the inputs were read or the result saved. */
export class StorageFailedError extends RetryableJobError {
  constructor(readonly stage: 'input' | 'output', cause: unknown) {
    super(
      {
        code: 'storage_failed',
        message: stage === 'input' ? 'Error: our storage failed while the inputs were being read.' : 'Error: our storage failed while the result was being saved.',
        param: null,
        hint: OUR_SIDE_HINT,
      },
      { cause },
    );
    this.name = 'StorageFailedError';
  }
}

/** What a disk check found: the bytes a job needs, and those free. */
export interface DiskShortfall {
  neededBytes: number;
  freeBytes: number;
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/** The worker's scratch disk had no room: found before the job started (a shortfall), or when a write failed (ENOSPC). */
export class DiskFullError extends RetryableJobError {
  readonly shortfall: DiskShortfall | undefined;

  constructor({ shortfall, cause }: { shortfall?: DiskShortfall; cause?: unknown }) {
    super(
      {
        code: 'insufficient_disk',
        message: shortfall
          ? `Error: the job needs about ${gigabytes(shortfall.neededBytes)} of disk space for its files; the worker had ${gigabytes(shortfall.freeBytes)} free.`
          : "Error: the worker's disk filled up while the job ran.",
        param: null,
        hint: OUR_SIDE_HINT,
      },
      { cause },
    );
    this.shortfall = shortfall;
    this.name = 'DiskFullError';
  }
}

/** A processing step was killed by the system without our asking: it ran out of memory. */
export class OutOfMemoryError extends RetryableJobError {
  constructor(cause: unknown) {
    super(
      {
        code: 'out_of_memory',
        message: 'Error: processing ran out of memory and was stopped by the system.',
        param: null,
        hint: OUR_SIDE_HINT,
      },
      { cause },
    );
    this.name = 'OutOfMemoryError';
  }
}

/** A helper tool (speech recognition, voice separation) ran past the job's time limit and was stopped. */
export class StepTimeoutError extends RetryableJobError {
  constructor(cause: unknown) {
    super(
      {
        code: 'processing_timeout',
        message: 'Error: a processing step took longer than this input allows and was stopped.',
        param: null,
        hint: OUR_SIDE_HINT,
      },
      { cause },
    );
    this.name = 'StepTimeoutError';
  }
}

/** Node's errors carry the system's code (ENOSPC) and, for a child process, how it ended. */
interface SystemErrorShape {
  code?: unknown;
  signal?: unknown;
  killed?: unknown;
  message?: unknown;
}

const shape = (error: unknown): SystemErrorShape => (typeof error === 'object' && error !== null ? (error as SystemErrorShape) : {});

/** A write refused for want of disk, as Node's file system reports it. */
export function isNoSpace(error: unknown): boolean {
  const { code, message } = shape(error);
  return code === 'ENOSPC' || (typeof message === 'string' && message.startsWith('ENOSPC'));
}

/**
 * The cause of a failure on our side that is not the input's fault, or
 * undefined when it has none of ours (the caller then decides: the input's
 * fault, or a plain internal error). Storage failures are told apart where
 * storage is called, since only there an AWS error is known to be storage's.
 */
export function ourFailure(error: unknown): RetryableJobError | undefined {
  if (error instanceof RetryableJobError) return error;
  if (error instanceof InputRejectedError) return undefined;
  if (error instanceof FfmpegNoSpaceError || isNoSpace(error)) return new DiskFullError({ cause: error });
  if (error instanceof FfmpegKilledError) return new OutOfMemoryError(error);
  const { signal, killed, code } = shape(error);
  // A tool run with execFile: killed by the system (SIGKILL, not by us), or stopped by its timeout (SIGTERM from us).
  if ((signal === 'SIGKILL' && killed === false) || code === 137) return new OutOfMemoryError(error);
  if (killed === true && signal === 'SIGTERM') return new StepTimeoutError(error);
  return undefined;
}

/**
 * A failure at a storage call site (reading an input, saving an output): a
 * full local disk is the disk's, anything else storage's.
 */
export function storageFailure(error: unknown, stage: 'input' | 'output'): RetryableJobError {
  if (error instanceof RetryableJobError) return error;
  if (isNoSpace(error)) return new DiskFullError({ cause: error });
  return new StorageFailedError(stage, error);
}
