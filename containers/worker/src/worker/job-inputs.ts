import { join } from 'node:path';
import type { JobInput, MediaJobMessage } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { MediaStorage } from '@frameforge/functions/jobs';
import { MAX_INPUT_BYTES } from '@frameforge/functions/features/uploads/contracts/upload-limits';
import type { ArrivedInput } from '../admission/admit-inputs';
import { storageReads } from '../ffmpeg/input-guards';
import { inspectMedia } from '../ffmpeg/probe';
import { InputRejectedError } from '../operations/operation';
import { storageFailure } from './failure-causes';
import { RetryableJobError } from './job-errors';

/** Streams a public URL to `destination`, refusing past `maxBytes`; refusals carry a `code` and a message starting `Error: `. */
export type UrlFetcher = (url: string, destination: string, maxBytes: number) => Promise<{ bytes: number }>;

/** A fetcher refusal (internal address, too large, timeout…): the caller's input is at fault, not us. */
export interface FetchRefusal {
  code: string;
  message: string;
}

const isRefusal = (error: unknown): error is FetchRefusal =>
  error instanceof Error && typeof (error as Partial<FetchRefusal>).code === 'string' && error.message.startsWith('Error: ');

/** How long a stored input's signed URL reads: the longest a job may run. */
export const STORAGE_URL_SECONDS = 6 * 3600;

/**
 * Brings every input of a job into its folder, from storage or from its URL,
 * and starts its one probe. Local names are ours, never the caller's: no
 * path or option can ride in on a file name. With `streamed`, a stored
 * input is not brought in at all: it is read from storage through a signed
 * URL while ffmpeg works, so the download no longer comes before the work.
 */
export async function fetchInputs(message: MediaJobMessage, storage: MediaStorage, dir: string, fetchUrl?: UrlFetcher, streamed = false): Promise<ArrivedInput[]> {
  return Promise.all(
    message.inputs.map(async (input, index) => {
      if (streamed && input.url === undefined) {
        const url = await signedReadableUrl(storage, input);
        storageReads.allow(url);
        // Storage failing mid-probe must not pass for an unreadable file: the same URL is tried again before that is believed.
        const inspection = inspectMedia(url).then(async (found) => ('unreadable' in found ? (await checkReadable(url, input), found) : found));
        inspection.catch(() => undefined);
        return { ...input, size: input.size, path: url, inspection };
      }
      const path = join(dir, `in-${index}${/\.[a-z0-9]{1,5}$/i.exec(input.fileName)?.[0].toLowerCase() ?? '.bin'}`);
      const size = input.url === undefined ? await fromStorage(storage, input, path) : await fromUrl(fetchUrl, input, input.url, path, MAX_INPUT_BYTES[message.tier]);
      // Probing starts as soon as this input is here, while the others still arrive; admission awaits it.
      const inspection = inspectMedia(path);
      // Left unawaited when another input fails to arrive: that failure ends the job instead.
      inspection.catch(() => undefined);
      return { ...input, size, path, inspection };
    }),
  );
}

/** S3's answer for a key that holds nothing: the input is gone (expired, deleted), not storage failing. */
const isMissingObject = (error: unknown): boolean => {
  const { name, $metadata } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

const unavailable = (input: JobInput, cause: unknown) =>
  new RetryableJobError(
    {
      code: 'input_unavailable',
      message: `Error: the ${input.role} input could not be read from storage.`,
      param: input.role,
      hint: 'Upload the file again with a new request.',
    },
    { cause },
  );

async function fromStorage(storage: MediaStorage, input: JobInput, path: string): Promise<number> {
  try {
    await storage.downloadToFile(input.key ?? '', path);
    return input.size;
  } catch (error) {
    if (!isMissingObject(error)) throw storageFailure(error, 'input');
    throw unavailable(input, error);
  }
}

const READ_CHECK_MS = 30_000;

/**
 * Tries a signed URL of the stored input with its first byte: a missing
 * object and failing storage are told apart here, as a download tells them,
 * rather than later as ffmpeg's unreadable input.
 */
async function checkReadable(url: string, input: JobInput): Promise<void> {
  let status: number;
  try {
    const answer = await fetch(url, { headers: { Range: 'bytes=0-0' }, signal: AbortSignal.timeout(READ_CHECK_MS) });
    await answer.body?.cancel();
    status = answer.status;
  } catch (error) {
    throw storageFailure(error, 'input');
  }
  if (status === 404) throw unavailable(input, new Error('storage answered 404 for the input'));
  // 416: an empty object has no first byte; its probe says what is wrong with it.
  if (status !== 200 && status !== 206 && status !== 416) throw storageFailure(new Error(`storage answered ${status} for the input`), 'input');
}

/** A signed URL that reads the stored input, once its first byte was read through it. */
async function signedReadableUrl(storage: MediaStorage, input: JobInput): Promise<string> {
  let url: string;
  try {
    url = await storage.signedDownloadUrl(input.key ?? '', input.fileName, STORAGE_URL_SECONDS);
  } catch (error) {
    throw storageFailure(error, 'input');
  }
  await checkReadable(url, input);
  return url;
}

async function fromUrl(fetchUrl: UrlFetcher | undefined, input: JobInput, url: string, path: string, maxBytes: number): Promise<number> {
  if (!fetchUrl) throw new Error('this worker was started without a URL fetcher');
  try {
    return (await fetchUrl(url, path, maxBytes)).bytes;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const param = `${input.role === 'file' || input.role === 'files' ? '' : `${input.role}_`}url`;
    throw new InputRejectedError({
      code: error.code,
      message: error.message,
      param: input.role === 'files' ? 'urls' : param,
      hint: 'Give a public http(s) URL that answers with the file directly.',
    });
  }
}
