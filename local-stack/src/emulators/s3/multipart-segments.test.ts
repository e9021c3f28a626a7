import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { S3Emulator } from './s3-emulator';
import { TEST_BUCKET, TEST_CREDENTIALS, startTestEmulator, type TestEmulator } from './test-kit';

let s3: TestEmulator;
let client: S3Client;
const Bucket = TEST_BUCKET;
const MiB = 1024 * 1024;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = s3.client();
});
afterAll(() => s3.stop());

/** The object's key hashed as the store names its files. */
const fileId = (key: string) => createHash('sha256').update(key).digest('hex');

/** The data files the store holds for `key`, with their sizes. */
async function dataFilesOf(key: string): Promise<number[]> {
  const folder = join(s3.rootDir, 'buckets', Bucket, 'objects');
  const names = (await readdir(folder)).filter((n) => n.startsWith(`${fileId(key)}.`) && n.endsWith('.data'));
  return Promise.all(names.map(async (n) => (await stat(join(folder, n))).size));
}

async function multipart(Key: string, parts: Buffer[]): Promise<void> {
  const { UploadId = '' } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const Parts = [];
  for (const [index, Body] of parts.entries()) {
    Parts.push({ PartNumber: index + 1, ETag: (await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1, Body }))).ETag ?? '' });
  }
  await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
}

async function range(Key: string, Range: string, on = client): Promise<{ bytes: Buffer; contentRange?: string }> {
  const out = await on.send(new GetObjectCommand({ Bucket, Key, Range }));
  return { bytes: Buffer.from((await out.Body?.transformToByteArray()) ?? []), ...(out.ContentRange ? { contentRange: out.ContentRange } : {}) };
}

describe('an object joined from parts', () => {
  const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(MiB + 7)];
  const whole = Buffer.concat(parts);
  const Key = 'outputs/joined.mp4';

  beforeAll(() => multipart(Key, parts));

  it('keeps the parts as they came (no joined copy beside them) and nothing of the upload', async () => {
    expect((await dataFilesOf(Key)).sort((a, b) => a - b)).toEqual([MiB + 7, 5 * MiB, 5 * MiB]);
    expect(await readdir(join(s3.rootDir, 'uploads'))).toEqual([]);
  });

  it('serves ranges inside one part, across one boundary and across two, and the last bytes', async () => {
    const size = whole.length;
    for (const [from, to] of [
      [0, 0],
      [5 * MiB - 10, 5 * MiB + 9],
      [5 * MiB - 1, 10 * MiB],
      [10 * MiB + 3, size - 1],
      [MiB, 9 * MiB],
    ] as const) {
      const got = await range(Key, `bytes=${from}-${to}`);
      expect(got.contentRange).toBe(`bytes ${from}-${to}/${size}`);
      expect(got.bytes.equals(whole.subarray(from, to + 1))).toBe(true);
    }
    expect((await range(Key, 'bytes=-100')).bytes.equals(whole.subarray(size - 100))).toBe(true);
    const all = await client.send(new GetObjectCommand({ Bucket, Key }));
    expect(Buffer.from((await all.Body?.transformToByteArray()) ?? []).equals(whole)).toBe(true);
  });

  it('is read the same after a restart', async () => {
    const again = new S3Emulator({ rootDir: s3.rootDir, credentials: TEST_CREDENTIALS });
    const endpoint = await again.listen(0);
    try {
      const other = s3.client({ endpoint });
      expect((await range(Key, `bytes=${5 * MiB - 3}-${5 * MiB + 2}`, other)).bytes.equals(whole.subarray(5 * MiB - 3, 5 * MiB + 3))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('leaves no part behind when it is replaced by one body, or deleted', async () => {
    const Other = 'outputs/replaced.mp4';
    await multipart(Other, [randomBytes(5 * MiB), randomBytes(10)]);
    expect(await dataFilesOf(Other)).toHaveLength(2);
    await client.send(new PutObjectCommand({ Bucket, Key: Other, Body: 'small now' }));
    expect(await dataFilesOf(Other)).toEqual([9]);
    await multipart(Other, [randomBytes(5 * MiB), randomBytes(10)]);
    expect(await dataFilesOf(Other)).toHaveLength(2);
    await client.send(new DeleteObjectCommand({ Bucket, Key: Other }));
    expect(await dataFilesOf(Other)).toEqual([]);
  });
});
