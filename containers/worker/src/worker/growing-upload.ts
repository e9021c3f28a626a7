import { open, stat, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { PartUpload, PartUploads } from '@frameforge/functions/jobs';
import type { Logger } from '../logging/logger';
import { mdatPayloadStart } from './mp4-boxes';

/** The output file an operation is writing, as it will be stored. */
export interface GrowingFile {
  path: string;
  fileName: string;
  mediaType: string;
}

export interface GrowingUploadOptions {
  /** The size of every part sent while the file grows (S3 takes 5 MiB to 5 GiB). */
  partBytes: number;
  /** How often the file's size is looked at. */
  pollMs?: number;
  log?: Pick<Logger, 'warn'>;
}

/** S3's smallest part but the last: the file's head, kept for the end, is at least this. */
const MIN_PART_BYTES = 5 * 1024 ** 2;
/** The growing end is left alone: the muxer's buffered writes may not have all landed there yet. */
const SETTLE_BYTES = 1024 ** 2;
const POLL_MS = 500;
const PARTS_AT_ONCE = 4;

interface SentPart {
  start: number;
  end: number;
  crc: number;
}

/** Reads `length` bytes at `position`, into the start of `into` when given (its bytes are then overwritten). */
async function readRange(file: FileHandle, position: number, length: number, into?: Buffer): Promise<Buffer> {
  const body = into ? into.subarray(0, length) : Buffer.allocUnsafe(length);
  const { bytesRead } = await file.read(body, 0, length, position);
  if (bytesRead !== length) throw new Error(`read ${bytesRead} of ${length} bytes at ${position}`);
  return body;
}

/** A checked stretch is read a little at a time: its checksum needs no part-sized buffer. */
const CHECK_CHUNK_BYTES = 1024 ** 2;

async function crcOfRange(file: FileHandle, position: number, length: number): Promise<number> {
  const scratch = Buffer.allocUnsafe(Math.min(CHECK_CHUNK_BYTES, length));
  let crc = 0;
  for (let done = 0; done < length; done += scratch.length) {
    crc = crc32(await readRange(file, position + done, Math.min(scratch.length, length - done), scratch), crc);
  }
  return crc;
}

/** Runs the tasks `limit` at a time; the first failure fails the whole. */
async function inTurn(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

/**
 * Stores an output while ffmpeg still writes it: each settled stretch of the
 * file goes up as a part of a multipart upload, the head last. An MP4 made
 * with `+faststart` is rewritten at the end (its index moved in front), which
 * moves every byte of its media data by the index's size: the parts sent are
 * found again at their new place by the media data's start, and every one is
 * checked (CRC-32) against the finished file, any that changed being sent
 * again, before the upload is completed. Only the head (index and headers)
 * and the tail written since the last part remain to send once ffmpeg ends.
 * Anything unexpected gives up: the caller then stores the file whole.
 */
export class GrowingUpload {
  private upload?: Promise<PartUpload>;
  private readonly sent: SentPart[] = [];
  private next = MIN_PART_BYTES;
  /** Where the media data starts in the file as it is written (MP4/MOV), before any rewrite. */
  private payloadAt?: number;
  private state: 'following' | 'stopped' | 'done' = 'following';
  private failure?: unknown;
  private wake?: () => void;
  private readonly following: Promise<void>;
  /**
   * Parts are sent one after another while the file grows, so one buffer
   * serves them all: a fresh part-sized buffer each time made the worker's
   * garbage collector compete with ffmpeg for the CPU.
   */
  private partBuffer?: Buffer;

  constructor(
    private readonly uploads: PartUploads,
    private readonly key: string,
    readonly file: GrowingFile,
    private readonly options: GrowingUploadOptions,
  ) {
    this.following = this.follow();
  }

  private async follow(): Promise<void> {
    while (this.state === 'following') {
      try {
        await this.sendSettled();
      } catch (error) {
        this.failure = error;
        return;
      }
      if (this.state !== 'following') return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs ?? POLL_MS);
        this.wake = () => (clearTimeout(timer), resolve());
      });
    }
  }

  private async sendSettled(): Promise<void> {
    const size = await stat(this.file.path).then((s) => s.size, () => undefined);
    if (size === undefined || size - SETTLE_BYTES < this.next + this.options.partBytes) return;
    const file = await open(this.file.path, 'r');
    try {
      this.payloadAt ??= await mdatPayloadStart(file);
      while (this.state === 'following' && size - SETTLE_BYTES >= this.next + this.options.partBytes) {
        const body = await readRange(file, this.next, this.options.partBytes, (this.partBuffer ??= Buffer.allocUnsafe(this.options.partBytes)));
        const upload = await (this.upload ??= this.uploads.start(this.key, this.file.mediaType, this.file.fileName));
        // Part 1 is the head, sent last.
        await upload.putPart(this.sent.length + 2, body);
        this.sent.push({ start: this.next, end: this.next + body.length, crc: crc32(body) });
        this.next += body.length;
      }
    } finally {
      await file.close();
    }
  }

  private async stop(): Promise<void> {
    if (this.state === 'following') this.state = 'stopped';
    this.wake?.();
    await this.following;
  }

  /**
   * Once the file is finished: sends what is left and completes the upload.
   * Its size, or undefined when nothing was sent yet (a small file) or the
   * upload gave up, and the file must be stored whole.
   */
  async finish(): Promise<number | undefined> {
    await this.stop();
    if (this.state === 'done' || !this.upload) return undefined;
    this.state = 'done';
    try {
      if (this.failure) throw this.failure;
      return await this.complete(await this.upload);
    } catch (error) {
      this.options.log?.warn('the output could not be stored while it was written: it is stored whole', { error });
      void this.upload.then((upload) => upload.abort()).catch(() => undefined);
      return undefined;
    }
  }

  private async complete(upload: PartUpload): Promise<number> {
    const { partBytes } = this.options;
    const { size } = await stat(this.file.path);
    const file = await open(this.file.path, 'r');
    try {
      const finalPayload = await mdatPayloadStart(file);
      const shift = this.payloadAt !== undefined && finalPayload !== undefined ? finalPayload - this.payloadAt : 0;
      const first = (this.sent[0]?.start ?? 0) + shift;
      const last = (this.sent.at(-1)?.end ?? 0) + shift;
      if (first < MIN_PART_BYTES || last > size) throw new Error(`the finished file (${size} bytes, moved ${shift}) does not hold the parts sent`);
      const tasks = this.sent.map((part, index) => async () => {
        const length = part.end - part.start;
        if ((await crcOfRange(file, part.start + shift, length)) !== part.crc) await upload.putPart(index + 2, await readRange(file, part.start + shift, length));
      });
      tasks.push(async () => upload.putPart(1, await readRange(file, 0, first)));
      let partCount = this.sent.length + 1;
      for (let at = last; at < size; at += partBytes) {
        const number = ++partCount;
        const from = at;
        tasks.push(async () => upload.putPart(number, await readRange(file, from, Math.min(partBytes, size - from))));
      }
      await inTurn(tasks, PARTS_AT_ONCE);
      await upload.complete(partCount);
      return size;
    } finally {
      await file.close();
    }
  }

  /** The operation failed or the job stopped: the parts sent are dropped. */
  async abort(): Promise<void> {
    await this.stop();
    if (this.state === 'done') return;
    this.state = 'done';
    await this.upload?.then((upload) => upload.abort()).catch(() => undefined);
  }
}
