import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { ffmpeg } from './product-endpoints-support';

/**
 * Real sizes: a 1080p clip with speech the length a user brings (90 s,
 * over 120 MB), and the multipart upload of it as a client does it.
 */

/** testsrc2 at 1080p with a spoken sentence on a loop: large, quick to make, and something for captions to hear. */
export async function makeLongSpokenClip(path: string, seconds: number): Promise<number> {
  await ffmpeg([
    '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1920x1080:rate=25`,
    '-f', 'lavfi', '-i', `flite=text='hello world this is a test of long media':voice=slt,aloop=loop=-1:size=2000000000,atrim=duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '24', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
  return statSync(path).size;
}

/** Bytes [start, start + length) of a file, read without holding the whole file. */
export function readSlice(path: string, start: number, length: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, start);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

export interface MultipartTicket {
  file_id: string;
  upload_type: 'multipart';
  status: string;
  size: number;
  max_size: number;
  part_size: number;
  part_count: number;
  part_urls: { part_number: number; upload_url: string }[];
  parts?: { part_number: number; size: number; etag: string }[];
  received_bytes?: number;
}

/** PUTs one part and answers its ETag, as a browser or an SDK reads it. */
export async function putPart(url: string, bytes: Buffer): Promise<string> {
  const answer = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (answer.status !== 200) throw new Error(`part PUT answered ${answer.status}: ${await answer.text()}`);
  const etag = answer.headers.get('etag');
  if (!etag) throw new Error('part PUT answered no ETag');
  return etag;
}

/**
 * Starts a part PUT and cuts the connection half-way, as a dropped network
 * does: the length is announced, half the bytes are sent, the socket is closed.
 */
export function dropPartHalfway(url: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'PUT', headers: { 'Content-Length': String(bytes.length) } });
    request.on('response', (answer) => reject(new Error(`the dropped PUT was answered ${answer.statusCode ?? ''}`)));
    request.on('error', () => resolve());
    request.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
      // Proves an absence (no answer to a half body): the half sent must reach the server before the socket goes, or nothing was dropped mid-part.
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 100);
    });
  });
}
