import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetBucketLifecycleConfigurationCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  PutBucketLifecycleConfigurationCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { S3Emulator } from './s3-emulator';
import { TEST_BUCKET, TEST_CREDENTIALS, startTestEmulator, type TestEmulator } from './test-kit';

let s3: TestEmulator;
let client: S3Client;
const Bucket = TEST_BUCKET;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = s3.client();
});
afterAll(() => s3.stop());

const bodyOf = async (key: string, range?: string) => {
  const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }));
  return { out, bytes: Buffer.from((await out.Body?.transformToByteArray()) ?? []) };
};

describe('objects', () => {
  it('puts, heads, gets and deletes an object with its headers and metadata', async () => {
    const put = await client.send(
      new PutObjectCommand({
        Bucket,
        Key: 'folder/a file (1).txt',
        Body: 'hello world',
        ContentType: 'text/plain',
        ContentDisposition: 'attachment; filename="a.txt"',
        CacheControl: 'max-age=60',
        Metadata: { owner: 'ann' },
      }),
    );
    expect(put.ETag).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"');
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'folder/a file (1).txt' }));
    expect(head).toMatchObject({ ContentLength: 11, ContentType: 'text/plain', ContentDisposition: 'attachment; filename="a.txt"', CacheControl: 'max-age=60', Metadata: { owner: 'ann' }, ETag: put.ETag });
    expect((await bodyOf('folder/a file (1).txt')).bytes.toString()).toBe('hello world');
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'folder/a file (1).txt' }));
    await expect(client.send(new HeadObjectCommand({ Bucket, Key: 'folder/a file (1).txt' }))).rejects.toMatchObject({ name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    await expect(client.send(new GetObjectCommand({ Bucket, Key: 'folder/a file (1).txt' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('serves byte ranges with 206, and refuses one past the end with 416', async () => {
    await client.send(new PutObjectCommand({ Bucket, Key: 'digits', Body: '0123456789' }));
    const middle = await bodyOf('digits', 'bytes=2-5');
    expect(middle.bytes.toString()).toBe('2345');
    expect(middle.out).toMatchObject({ $metadata: { httpStatusCode: 206 }, ContentRange: 'bytes 2-5/10', ContentLength: 4 });
    expect((await bodyOf('digits', 'bytes=-3')).bytes.toString()).toBe('789');
    expect((await bodyOf('digits', 'bytes=7-')).bytes.toString()).toBe('789');
    await expect(bodyOf('digits', 'bytes=10-12')).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
  });

  it('stores a 30 MiB streamed PutObject byte for byte', async () => {
    const data = randomBytes(30 * 1024 * 1024);
    const chunks = Array.from({ length: 30 }, (_, i) => data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    await client.send(new PutObjectCommand({ Bucket, Key: 'big.bin', Body: Readable.from(chunks), ContentLength: data.length }));
    const { bytes } = await bodyOf('big.bin');
    expect(bytes.length).toBe(data.length);
    expect(bytes.equals(data)).toBe(true);
  });

  it('serves others on when a reader of a large object goes away after its first bytes', async () => {
    const data = randomBytes(12 * 1024 * 1024);
    await client.send(new PutObjectCommand({ Bucket, Key: 'left.bin', Body: data }));
    const left = await client.send(new GetObjectCommand({ Bucket, Key: 'left.bin' }));
    const reader = (left.Body as Readable)[Symbol.asyncIterator]();
    expect(((await reader.next()).value as Buffer).length).toBeGreaterThan(0);
    (left.Body as Readable).destroy();
    const [again, range] = await Promise.all([bodyOf('left.bin'), bodyOf('left.bin', 'bytes=5242870-5242889')]);
    expect(again.bytes.equals(data)).toBe(true);
    expect(range.bytes.equals(data.subarray(5242870, 5242890))).toBe(true);
  });

  it('lists with a prefix, a delimiter and continuation tokens, and deletes many at once', async () => {
    const keys = ['list/a', 'list/b', 'list/c/1', 'list/c/2', 'list/d'];
    for (const Key of keys) await client.send(new PutObjectCommand({ Bucket, Key, Body: Key }));
    const seen: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'list/', MaxKeys: 2, ContinuationToken }));
      expect(page.KeyCount).toBeLessThanOrEqual(2);
      seen.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    expect(seen).toEqual(keys);
    const folders = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'list/', Delimiter: '/' }));
    expect(folders.Contents?.map((o) => o.Key)).toEqual(['list/a', 'list/b', 'list/d']);
    expect(folders.CommonPrefixes).toEqual([{ Prefix: 'list/c/' }]);
    const gone = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
    expect(gone.Deleted?.map((d) => d.Key)).toEqual(keys);
    expect((await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'list/' }))).KeyCount).toBe(0);
  });

  it('lists and heads buckets, and answers NoSuchBucket for one that does not exist', async () => {
    expect((await client.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual([Bucket]);
    await client.send(new HeadBucketCommand({ Bucket }));
    await expect(client.send(new PutObjectCommand({ Bucket: 'missing-bucket', Key: 'k', Body: 'x' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('keeps a lifecycle configuration, and deletes a bucket only once it is empty', async () => {
    const Other = 'other-bucket';
    await client.send(new CreateBucketCommand({ Bucket: Other }));
    await expect(client.send(new CreateBucketCommand({ Bucket: Other }))).rejects.toMatchObject({ name: 'BucketAlreadyOwnedByYou', $metadata: { httpStatusCode: 409 } });
    await expect(client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: Other }))).rejects.toMatchObject({ name: 'NoSuchLifecycleConfiguration' });
    const Rules = [{ ID: 'expire-inputs', Status: 'Enabled' as const, Filter: { Prefix: 'inputs/' }, Expiration: { Days: 1 } }];
    await client.send(new PutBucketLifecycleConfigurationCommand({ Bucket: Other, LifecycleConfiguration: { Rules } }));
    expect((await client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: Other }))).Rules).toEqual(Rules);
    await client.send(new PutObjectCommand({ Bucket: Other, Key: 'k', Body: 'x' }));
    await expect(client.send(new DeleteBucketCommand({ Bucket: Other }))).rejects.toMatchObject({ name: 'BucketNotEmpty', $metadata: { httpStatusCode: 409 } });
    await client.send(new DeleteObjectCommand({ Bucket: Other, Key: 'k' }));
    await client.send(new DeleteBucketCommand({ Bucket: Other }));
    await expect(client.send(new HeadBucketCommand({ Bucket: Other }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });

  it('keeps objects across a restart', async () => {
    await client.send(new PutObjectCommand({ Bucket, Key: 'kept', Body: 'still here', ContentType: 'text/plain' }));
    const again = new S3Emulator({ rootDir: s3.rootDir, credentials: TEST_CREDENTIALS });
    const endpoint = await again.listen(0);
    try {
      const other = s3.client({ endpoint });
      const out = await other.send(new GetObjectCommand({ Bucket, Key: 'kept' }));
      expect(out.ContentType).toBe('text/plain');
      expect(await out.Body?.transformToString()).toBe('still here');
    } finally {
      await again.close();
    }
  });

  it('refuses a body over maxObjectBytes with EntityTooLarge', async () => {
    const small = await startTestEmulator({ maxObjectBytes: 1024 });
    try {
      // The SDK warns on every failed streaming upload; the failure is the point here.
      const capped = small.client({ logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } });
      await capped.send(new PutObjectCommand({ Bucket, Key: 'fits', Body: Buffer.alloc(1024) }));
      await expect(capped.send(new PutObjectCommand({ Bucket, Key: 'too-big', Body: Buffer.alloc(1025) }))).rejects.toMatchObject({ name: 'EntityTooLarge', $metadata: { httpStatusCode: 400 } });
      const streamed = capped.send(new PutObjectCommand({ Bucket, Key: 'too-big', Body: Readable.from([Buffer.alloc(2048)]), ContentLength: 2048 }));
      await expect(streamed).rejects.toMatchObject({ name: 'EntityTooLarge' });
    } finally {
      await small.stop();
    }
  });
});
