import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PartUpload, PartUploads } from '@frameforge/functions/jobs';
import { probeMedia } from '../ffmpeg/probe';
import { GrowingUpload } from './growing-upload';

const exec = promisify(execFile);
const MiB = 1024 ** 2;
let dir: string;

beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'growing-upload-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Waits until `count` parts went up. */
async function partsSent(parts: RecordedParts, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (parts.sentAt.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${parts.sentAt.length} of ${count} parts went up`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Parts as S3 keeps them (the last of a number wins), joined on completion, with the moment each arrived. */
class RecordedParts implements PartUploads {
  readonly parts = new Map<number, Buffer>();
  readonly sentAt: number[] = [];
  readonly numbers: number[] = [];
  object?: Buffer;
  aborted = false;
  started = 0;

  start(): Promise<PartUpload> {
    this.started++;
    return Promise.resolve({
      putPart: (number, body) => {
        this.parts.set(number, Buffer.from(body));
        this.sentAt.push(Date.now());
        this.numbers.push(number);
        return Promise.resolve();
      },
      complete: (count) => {
        this.object = Buffer.concat(Array.from({ length: count }, (_, i) => this.parts.get(i + 1) ?? Buffer.alloc(0)));
        return Promise.resolve();
      },
      abort: () => Promise.resolve(void (this.aborted = true)),
    });
  }
}

describe('GrowingUpload', () => {
  it('stores an MP4 while ffmpeg writes it, its index moved to the front at the end (+faststart), byte for byte', async () => {
    const path = join(dir, 'out.mp4');
    const parts = new RecordedParts();
    const upload = new GrowingUpload(parts, 'outputs/u/j/out.mp4', { path, fileName: 'out.mp4', mediaType: 'video/mp4' }, { partBytes: 2 * MiB, pollMs: 50 });
    // Noise keeps the picture from compressing: about 5 MB a second, written at the pace it plays (-re).
    await exec('ffmpeg', [
      '-v', 'error', '-y', '-re',
      '-f', 'lavfi', '-i', 'testsrc2=duration=4:size=480x270:rate=25,noise=alls=60:allf=t',
      '-c:v', 'mpeg4', '-q:v', '2', '-movflags', '+faststart', path,
    ]);
    const endedAt = Date.now();
    const size = await upload.finish();
    const file = await readFile(path);
    expect(size).toBe(file.length);
    expect(parts.object?.equals(file)).toBe(true);
    // Most of it went up while ffmpeg still wrote it.
    expect(parts.sentAt.filter((at) => at < endedAt).length).toBeGreaterThanOrEqual(2);
    // Each found again where the rewrite moved it: at most the one read while the rewrite ran is sent twice.
    expect(parts.numbers.length - new Set(parts.numbers).size).toBeLessThanOrEqual(1);
    expect(await probeMedia(path)).toMatchObject({ hasVideo: true, width: 480, height: 270 });
  }, 60_000);

  it('sends again a part whose bytes changed after it went up, and sends the rest after the fact', async () => {
    const path = join(dir, 'rewritten.bin');
    const parts = new RecordedParts();
    await writeFile(path, randomBytes(9 * MiB));
    const upload = new GrowingUpload(parts, 'k', { path, fileName: 'rewritten.bin', mediaType: 'application/octet-stream' }, { partBytes: MiB, pollMs: 20 });
    await partsSent(parts, 3);
    // The muxer goes back into data it wrote (a size, a header) and appends more.
    const file = await readFile(path);
    randomBytes(100).copy(file, 5 * MiB + 10);
    await writeFile(path, file);
    await appendFile(path, randomBytes(3 * MiB + 5));
    expect(await upload.finish()).toBe(12 * MiB + 5);
    expect(parts.object?.equals(await readFile(path))).toBe(true);
  });

  it('leaves a file too small for parts to the whole-file store, starting no upload', async () => {
    const path = join(dir, 'small.mp4');
    await writeFile(path, randomBytes(MiB));
    const parts = new RecordedParts();
    const upload = new GrowingUpload(parts, 'k', { path, fileName: 'small.mp4', mediaType: 'video/mp4' }, { partBytes: MiB, pollMs: 20 });
    // Proves an absence: several looks at the file (every 20 ms) start no upload.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await upload.finish()).toBeUndefined();
    expect(parts.started).toBe(0);
  });

  it('gives up on a file that shrank below the parts it sent, and drops the upload', async () => {
    const path = join(dir, 'shrunk.bin');
    await writeFile(path, randomBytes(9 * MiB));
    const parts = new RecordedParts();
    const upload = new GrowingUpload(parts, 'k', { path, fileName: 'shrunk.bin', mediaType: 'application/octet-stream' }, { partBytes: MiB, pollMs: 20 });
    await partsSent(parts, 2);
    await writeFile(path, randomBytes(6 * MiB));
    expect(await upload.finish()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(parts.aborted).toBe(true);
    expect(parts.object).toBeUndefined();
  });

  it('drops what it sent when the operation fails', async () => {
    const path = join(dir, 'failed.bin');
    await writeFile(path, randomBytes(9 * MiB));
    const parts = new RecordedParts();
    const upload = new GrowingUpload(parts, 'k', { path, fileName: 'failed.bin', mediaType: 'application/octet-stream' }, { partBytes: MiB, pollMs: 20 });
    await partsSent(parts, 2);
    await upload.abort();
    expect(parts.aborted).toBe(true);
    expect(await upload.finish()).toBeUndefined();
  });
});
