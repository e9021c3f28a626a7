import { open, type FileHandle } from 'node:fs/promises';

/**
 * The duration an MP4/MOV/M4A file declares in its movie header (`moov/mvhd`),
 * which is what ffprobe reports as the format's duration for such files.
 * Reading a few box headers costs microseconds where starting ffprobe costs
 * tens of milliseconds, on every job's output. Undefined whenever the file is
 * not a plain (unfragmented) ISO media file we wrote: the caller then probes.
 */
export async function movieDuration(path: string): Promise<number | undefined> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return undefined;
  try {
    const { size } = await file.stat();
    const moov = await findBox(file, 0, size, 'moov');
    if (!moov) return undefined;
    // A fragmented file's header does not hold its whole length.
    if (await findBox(file, moov.body, moov.end, 'mvex')) return undefined;
    const mvhd = await findBox(file, moov.body, moov.end, 'mvhd');
    if (!mvhd) return undefined;
    const header = await read(file, mvhd.body, 32);
    const version = header.readUInt8(0);
    const [timescale, duration] =
      version === 1 ? [header.readUInt32BE(20), Number(header.readBigUInt64BE(24))] : [header.readUInt32BE(12), header.readUInt32BE(16)];
    if (!timescale || !Number.isFinite(duration) || duration <= 0 || duration === 0xffffffff) return undefined;
    return duration / timescale;
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}

interface Box {
  /** Where the box's content starts (after its header). */
  body: number;
  end: number;
}

/** Walks sibling boxes between `from` and `to` for the first of `type`. */
async function findBox(file: FileHandle, from: number, to: number, type: string): Promise<Box | undefined> {
  let at = from;
  while (at + 8 <= to) {
    const head = await read(file, at, 16);
    let size = head.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      size = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < headerSize || at + size > to) return undefined;
    if (head.toString('latin1', 4, 8) === type) return { body: at + headerSize, end: at + size };
    at += size;
  }
  return undefined;
}

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
