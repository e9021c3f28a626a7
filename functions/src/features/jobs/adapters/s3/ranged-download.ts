import { open, type FileHandle } from 'node:fs/promises';
import { GetObjectCommand, type GetObjectCommandOutput, type S3Client } from '@aws-sdk/client-s3';

/** How an object comes down: ranges of `partSizeBytes`, `queueSize` of them at a time. */
export interface RangedDownloadOptions {
  partSizeBytes: number;
  queueSize: number;
}

/** The object's whole size from `Content-Range: bytes 0-9/1234`, as S3 answers a range. */
function totalSizeOf(answer: GetObjectCommandOutput): number {
  const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
  if (total !== undefined) return Number(total);
  // Storage that ignores Range sends the whole object with a 200: its length is the size.
  return answer.ContentLength ?? 0;
}

/** S3 refuses any range of an empty object (416): such an object is read whole instead. */
const isUnsatisfiableRange = (error: unknown): boolean =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 416;

/** Writes a range's body into the file at `position`, refusing a body of another length than the range's. */
async function writeBody(file: FileHandle, answer: GetObjectCommandOutput, position: number, expected: number): Promise<void> {
  let at = position;
  for await (const chunk of answer.Body as AsyncIterable<Uint8Array>) {
    await file.write(chunk, 0, chunk.length, at);
    at += chunk.length;
  }
  if (at - position !== expected) throw new Error(`storage sent ${at - position} bytes for a range of ${expected}`);
}

/**
 * Downloads an object to `path` in byte ranges fetched side by side, as S3's
 * transfer managers do: one connection to S3 carries far less than a worker's
 * network, so a large input arrives several times faster. Every range after
 * the first is pinned to the first one's ETag (If-Match): an object replaced
 * mid-download fails the download instead of mixing two versions.
 */
export async function downloadInRanges(client: S3Client, bucket: string, key: string, path: string, options: RangedDownloadOptions): Promise<void> {
  const part = options.partSizeBytes;
  const stop = new AbortController();
  const get = (range: string | undefined, ifMatch?: string) =>
    client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range, IfMatch: ifMatch }), { abortSignal: stop.signal });
  let first: GetObjectCommandOutput;
  try {
    first = await get(`bytes=0-${part - 1}`);
  } catch (error) {
    if (!isUnsatisfiableRange(error)) throw error;
    first = await get(undefined);
  }
  const total = totalSizeOf(first);
  const file = await open(path, 'w');
  try {
    // Storage that ignored the range sent the whole object: nothing is left to fetch.
    const whole = first.ContentRange === undefined;
    const starts: number[] = [];
    for (let start = part; !whole && start < total; start += part) starts.push(start);
    const rest = async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        const end = Math.min(start + part, total) - 1;
        await writeBody(file, await get(`bytes=${start}-${end}`, first.ETag), start, end - start + 1);
      }
    };
    const firstWorker = async () => {
      await writeBody(file, first, 0, whole ? total : Math.min(part, total));
      await rest();
    };
    const workers = [firstWorker(), ...Array.from({ length: Math.max(0, options.queueSize - 1) }, rest)];
    // One failed range stops the others at once rather than letting them fill a file that is thrown away.
    await Promise.all(workers.map((worker) => worker.catch((error: unknown) => (stop.abort(), Promise.reject(error)))));
  } finally {
    await file.close();
  }
}
