import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from './test-kit';

let s3: TestEmulator;
let client: S3Client;
const Bucket = TEST_BUCKET;
const MiB = 1024 * 1024;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = s3.client();
});
afterAll(() => s3.stop());

async function upload(Key: string, parts: Buffer[]): Promise<{ UploadId: string; etags: string[] }> {
  const { UploadId = '' } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'video/mp4' }));
  const etags: string[] = [];
  for (const [index, Body] of parts.entries()) {
    etags.push((await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1, Body }))).ETag ?? '');
  }
  return { UploadId, etags };
}

const completion = (etags: string[], numbers = etags.map((_, i) => i + 1)) => ({ Parts: numbers.map((PartNumber, i) => ({ PartNumber, ETag: etags[i] })) });

describe('multipart uploads', () => {
  it('lists the parts, joins 5 + 5 + 1 MiB into one object with the multipart ETag, byte for byte', async () => {
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(MiB)];
    const Key = 'uploads/joined.mp4';
    const { UploadId, etags } = await upload(Key, parts);
    expect(etags).toEqual(parts.map((p) => `"${createHash('md5').update(p).digest('hex')}"`));

    const first = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 2 }));
    expect(first.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([
      [1, 5 * MiB, etags[0]],
      [2, 5 * MiB, etags[1]],
    ]);
    expect(first.IsTruncated).toBe(true);
    const rest = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: first.NextPartNumberMarker }));
    expect(rest.Parts?.map((p) => p.PartNumber)).toEqual([3]);
    expect(rest.IsTruncated).toBe(false);
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket }));
    expect(listed.Uploads?.map((u) => [u.Key, u.UploadId])).toEqual([[Key, UploadId]]);

    const done = await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: completion(etags) }));
    const digests = Buffer.concat(parts.map((p) => createHash('md5').update(p).digest()));
    expect(done.ETag).toBe(`"${createHash('md5').update(digests).digest('hex')}-3"`);
    const out = await client.send(new GetObjectCommand({ Bucket, Key }));
    expect(out.ContentType).toBe('video/mp4');
    expect(out.ETag).toBe(done.ETag);
    expect(Buffer.from((await out.Body?.transformToByteArray()) ?? []).equals(Buffer.concat(parts))).toBe(true);
    expect((await client.send(new ListMultipartUploadsCommand({ Bucket }))).Uploads ?? []).toEqual([]);
  });

  it('refuses a middle part under 5 MiB at completion, and parts listed out of order or with a wrong ETag', async () => {
    const Key = 'uploads/small-middle.bin';
    const { UploadId, etags } = await upload(Key, [randomBytes(5 * MiB), randomBytes(MiB), randomBytes(10)]);
    const complete = (MultipartUpload: ReturnType<typeof completion>) => client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload }));
    await expect(complete(completion(etags))).rejects.toMatchObject({ name: 'EntityTooSmall', $metadata: { httpStatusCode: 400 } });
    await expect(complete(completion([etags[1] ?? '', etags[0] ?? ''], [2, 1]))).rejects.toMatchObject({ name: 'InvalidPartOrder' });
    await expect(complete(completion(['"00000000000000000000000000000000"']))).rejects.toMatchObject({ name: 'InvalidPart' });
    // The last part alone may be small: parts 1 and 3 make a valid object.
    await complete(completion([etags[0] ?? '', etags[2] ?? ''], [1, 3]));
    expect((await client.send(new GetObjectCommand({ Bucket, Key }))).ContentLength).toBe(5 * MiB + 10);
  });

  it('aborts an upload, after which its id is unknown', async () => {
    const Key = 'uploads/aborted.bin';
    const { UploadId } = await upload(Key, [randomBytes(1024)]);
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    await expect(client.send(new ListPartsCommand({ Bucket, Key, UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
    await expect(client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: 'x' }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  it('refuses part numbers outside 1..10000', async () => {
    const Key = 'uploads/numbers.bin';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    await expect(client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 10001, Body: 'x' }))).rejects.toMatchObject({ name: 'InvalidArgument' });
  });

  it('refuses an object joined past maxObjectBytes', async () => {
    const small = await startTestEmulator({ maxObjectBytes: 6 * MiB });
    try {
      const capped = small.client();
      const Key = 'too-big';
      const { UploadId = '' } = await capped.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      const etags = [];
      for (const PartNumber of [1, 2]) etags.push((await capped.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: Buffer.alloc(5 * MiB) }))).ETag ?? '');
      await expect(capped.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: completion(etags) }))).rejects.toMatchObject({ name: 'EntityTooLarge' });
    } finally {
      await small.stop();
    }
  });
});
