import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from '@frameforge/local-stack/emulators/s3/test-kit';
import { downloadInRanges } from './ranged-download';

let s3: TestEmulator;
let client: S3Client;
let dir: string;
const ranges: string[] = [];
const MiB = 1024 ** 2;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = s3.client();
  client.middlewareStack.add(
    (next) => async (args) => {
      const { request } = args as { request: { method?: string; headers?: Record<string, string> } };
      if (request.method === 'GET') ranges.push(request.headers?.range ?? 'whole');
      return next(args);
    },
    { step: 'finalizeRequest', name: 'recordRanges' },
  );
  dir = await mkdtemp(join(tmpdir(), 'ranged-download-'));
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => (ranges.length = 0));

const put = (key: string, body: Buffer) => client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: key, Body: body }));

describe('downloadInRanges', () => {
  it('brings a large object down byte for byte in ranges of the part size, several at a time', async () => {
    const body = randomBytes(10 * MiB + 123);
    await put('large.bin', body);
    const path = join(dir, 'large.bin');
    await downloadInRanges(client, TEST_BUCKET, 'large.bin', path, { partSizeBytes: MiB, queueSize: 4 });
    expect((await readFile(path)).equals(body)).toBe(true);
    expect(ranges).toHaveLength(11);
    expect(new Set(ranges).size).toBe(11);
    expect(ranges).toContain(`bytes=${10 * MiB}-${10 * MiB + 122}`);
  });

  it('reads an object smaller than one part with one request, and an empty one whole', async () => {
    const small = randomBytes(1000);
    await put('small.bin', small);
    await downloadInRanges(client, TEST_BUCKET, 'small.bin', join(dir, 'small.bin'), { partSizeBytes: MiB, queueSize: 4 });
    expect((await readFile(join(dir, 'small.bin'))).equals(small)).toBe(true);
    expect(ranges).toEqual([`bytes=0-${MiB - 1}`]);

    await put('empty.bin', Buffer.alloc(0));
    await downloadInRanges(client, TEST_BUCKET, 'empty.bin', join(dir, 'empty.bin'), { partSizeBytes: MiB, queueSize: 4 });
    expect(await readFile(join(dir, 'empty.bin'))).toHaveLength(0);
  });

  it('works one range at a time too', async () => {
    const body = randomBytes(3 * MiB + 5);
    await put('serial.bin', body);
    await downloadInRanges(client, TEST_BUCKET, 'serial.bin', join(dir, 'serial.bin'), { partSizeBytes: MiB, queueSize: 1 });
    expect((await readFile(join(dir, 'serial.bin'))).equals(body)).toBe(true);
    expect(ranges).toHaveLength(4);
  });

  it('fails rather than mixing two versions when the object is replaced mid-download', async () => {
    await put('replaced.bin', randomBytes(4 * MiB));
    const replacing = s3.client();
    let replaced = false;
    client.middlewareStack.add(
      (next) => async (args) => {
        const { request } = args as { request: { headers?: Record<string, string> } };
        if (!replaced && request.headers?.range?.startsWith(`bytes=${MiB}-`)) {
          replaced = true;
          await replacing.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'replaced.bin', Body: randomBytes(4 * MiB) }));
        }
        return next(args);
      },
      { step: 'finalizeRequest', name: 'replaceMidway' },
    );
    try {
      await expect(downloadInRanges(client, TEST_BUCKET, 'replaced.bin', join(dir, 'replaced.bin'), { partSizeBytes: MiB, queueSize: 2 })).rejects.toMatchObject({
        name: 'PreconditionFailed',
      });
    } finally {
      client.middlewareStack.remove('replaceMidway');
    }
  });

  it('answers a missing key as S3 does, so the job can tell a gone input from failing storage', async () => {
    await expect(downloadInRanges(client, TEST_BUCKET, 'missing.bin', join(dir, 'missing.bin'), { partSizeBytes: MiB, queueSize: 4 })).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });
});
