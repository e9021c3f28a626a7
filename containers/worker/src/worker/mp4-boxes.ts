import type { FileHandle } from 'node:fs/promises';

/** Top-level boxes looked through for the media data: ftyp, free, wide, moov… come first, and few. */
const MAX_BOXES = 32;

/**
 * Where the media data (the `mdat` box's payload) of an MP4 or MOV file
 * starts, from its top-level boxes; undefined for another kind of file, or
 * one whose boxes do not add up.
 */
export async function mdatPayloadStart(file: FileHandle): Promise<number | undefined> {
  const header = Buffer.alloc(16);
  let at = 0;
  for (let box = 0; box < MAX_BOXES; box++) {
    const { bytesRead } = await file.read(header, 0, 16, at);
    if (bytesRead < 8) return undefined;
    const size32 = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (!/^[a-z0-9 ]{4}$/i.test(type)) return undefined;
    const headerBytes = size32 === 1 ? 16 : 8;
    if (type === 'mdat') return at + headerBytes;
    if (size32 === 1 && bytesRead < 16) return undefined;
    // 0 is a box running to the end of the file: nothing can follow it.
    const size = size32 === 1 ? Number(header.readBigUInt64BE(8)) : size32;
    if (size < headerBytes) return undefined;
    at += size;
  }
  return undefined;
}
