import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/** One data file of an object, opened, with the bytes it holds. */
export interface DataFile {
  handle: FileHandle;
  size: number;
}

/** Reads one download may have on their way to the socket at once. */
const BUFFERS_PER_DOWNLOAD = 4;

/**
 * Writes bytes `start` to `end` (inclusive) of the files taken end to end,
 * then ends the answer. The bytes are read into a few buffers, each read
 * into again once the socket has taken what it held: a new buffer for each
 * read, as a file stream makes, had the collector of this process run every
 * 20 MB or so while ffmpeg read a job's input, on the cores ffmpeg works on.
 * Resolves once the answer is sent, or as soon as the reader goes away or a
 * read fails (the connection is then cut, as the status is sent already).
 */
export async function sendBytes(res: ServerResponse, files: readonly DataFile[], start: number, end: number, chunkBytes: number): Promise<void> {
  const size = Math.min(chunkBytes, end - start + 1);
  const free: Buffer[] = [];
  let made = 0;
  let wake: (() => void) | undefined;
  let gone = false;
  const onClose = () => {
    gone = true;
    wake?.();
  };
  res.once('close', onClose);
  const take = async (): Promise<Buffer | undefined> => {
    for (;;) {
      if (gone) return undefined;
      const buffer = free.pop();
      if (buffer) return buffer;
      if (made < BUFFERS_PER_DOWNLOAD) {
        made += 1;
        return Buffer.allocUnsafeSlow(size);
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  };
  const done = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    let offset = 0;
    for (const { handle, size: held } of files) {
      let from = Math.max(start, offset);
      const to = Math.min(end, offset + held - 1);
      while (from <= to) {
        const buffer = await take();
        if (!buffer) return;
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, to - from + 1), from - offset);
        // Shorter on disk than its record says: the reader must not take a cut answer for the whole.
        if (bytesRead === 0) throw new Error(`the object's data ends before byte ${from}`);
        from += bytesRead;
        // Called once the socket holds the bytes, or with an error once it is gone: either way the buffer is free.
        res.write(buffer.subarray(0, bytesRead), () => {
          free.push(buffer);
          wake?.();
        });
      }
      offset += held;
    }
    res.end();
    await done;
  } catch (error) {
    // The status is sent already: the reader can only be told by the connection ending short.
    res.destroy(error as Error);
  } finally {
    res.off('close', onClose);
  }
}
