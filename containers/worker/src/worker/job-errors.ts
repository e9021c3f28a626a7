import type { JobError } from '@frameforge/functions/jobs';
import { redactPaths } from '../ffmpeg/ffmpeg-errors';
import { FfmpegFailedError, FfmpegTimeoutError } from '../ffmpeg/run-ffmpeg';
import { InputRejectedError, type DownloadedInput } from '../operations/operation';

/**
 * A failure on our side (storage, disk, memory) worth another try; after the
 * last one the job ends with this error. `cause` keeps the technical detail
 * for the worker's log; the job error says the cause in plain words.
 */
export class RetryableJobError extends Error {
  constructor(readonly jobError: JobError, options?: ErrorOptions) {
    super(jobError.message, options);
    this.name = 'RetryableJobError';
  }
}

/** Local paths a job error might mention, and the names the caller knows them by. */
export function pathNames(inputs: readonly Pick<DownloadedInput, 'path' | 'role'>[]): Map<string, string> {
  return new Map(inputs.map((input) => [input.path, `<${input.role}>`]));
}

/**
 * The job error of a failure caused by the input, or undefined when it is
 * ours (to be retried). Internal paths never leave: the job's folder and its
 * files become the input roles.
 */
export function inputFailure(error: unknown, names: ReadonlyMap<string, string>, dir: string): JobError | undefined {
  const clean = (text: string) => redactPaths(text, names, dir);
  if (error instanceof InputRejectedError) {
    const { message, hint } = error.jobError;
    return { ...error.jobError, message: clean(message), hint: hint === null ? null : clean(hint) };
  }
  if (error instanceof FfmpegTimeoutError) {
    return {
      code: 'processing_timeout',
      message: `Error: processing took longer than the ${error.limitSeconds} s this input allows and was stopped.`,
      param: null,
      hint: 'Send a shorter or smaller input; a file that decodes very slowly for its size is refused this way.',
    };
  }
  if (error instanceof FfmpegFailedError) {
    // ffmpeg refusing the input is the input's fault: report it with ffmpeg's own words, minus our paths.
    const detail = clean(error.detail);
    return {
      code: 'processing_failed',
      message: `Error: the media could not be processed.${detail ? `\n${detail}` : ''}`,
      param: roleNamed(detail, names),
      hint: 'Check that the file plays and that the parameters fit inside it.',
    };
  }
  return undefined;
}

/** The input a piece of ffmpeg's output names, when it names exactly one. */
function roleNamed(text: string, names: ReadonlyMap<string, string>): string | null {
  const roles = [...new Set([...names.values()].filter((name) => text.includes(name)))];
  return roles.length === 1 ? (roles[0] ?? '').slice(1, -1) : null;
}

/** Where a failure on our side leaves the caller: support finds the job's log lines by its request id. */
export const OUR_SIDE_HINT = 'This failure is on our side, not in your input: send the request again; if it keeps failing, contact support with the request id.';

/**
 * The error a job ends with after its last try failed on our side: the last
 * try's cause in plain words, how many tries failed, and the id of the
 * request that made the job (absent for jobs made before it was recorded).
 */
export function finalFailure(error: unknown, attempts: number, requestId?: string): JobError {
  const last: JobError =
    error instanceof RetryableJobError
      ? error.jobError
      : { code: 'internal_error', message: 'Error: the job failed on our side.', param: null, hint: OUR_SIDE_HINT };
  const lines = [last.message, `It failed ${attempts} ${attempts === 1 ? 'time' : 'times'}.`, ...(requestId ? [`Request id: ${requestId}`] : [])];
  return { ...last, message: lines.join('\n') };
}
