import { randomBytes } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from '@frameforge/local-stack/emulators/s3/test-kit';
import { S3PartUploads } from './part-uploads';
import { withUnsignedPayloads } from '../../../../kernel/adapters/s3/s3-client';

let s3: TestEmulator;
let client: S3Client;
/** The payload hash each body-carrying request was signed with, as it left. */
const payloadHashes: string[] = [];
const MiB = 1024 ** 2;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = withUnsignedPayloads(s3.client({ requestChecksumCalculation: 'WHEN_REQUIRED' }));
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const headers = (args.request as { headers: Record<string, string> }).headers;
      if (context.commandName === 'UploadPartCommand') payloadHashes.push(headers['x-amz-content-sha256'] ?? '');
      return next(args);
    },
    { step: 'deserialize', name: 'recordPayloadHashes' },
  );
});
afterAll(() => s3.stop());

async function stored(key: string): Promise<{ bytes: Buffer; disposition: string | undefined; type: string | undefined }> {
  const out = await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
  const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
  return { bytes: Buffer.from(await out.Body!.transformToByteArray()), disposition: head.ContentDisposition, type: head.ContentType };
}

describe('S3PartUploads', () => {
  it('joins parts sent in any order, a part sent again replacing the first, under the download name', async () => {
    const [head, middle, tail] = [randomBytes(5 * MiB + 7), randomBytes(5 * MiB), randomBytes(1234)];
    const upload = await new S3PartUploads(client, TEST_BUCKET).start('out/parts.mp4', 'video/mp4', 'parts.mp4');
    await upload.putPart(2, randomBytes(5 * MiB));
    await upload.putPart(3, tail);
    await upload.putPart(2, middle);
    await upload.putPart(1, head);
    await upload.complete(3);
    const object = await stored('out/parts.mp4');
    expect(object.bytes.equals(Buffer.concat([head, middle, tail]))).toBe(true);
    expect(object.disposition).toBe('attachment; filename="parts.mp4"');
    expect(object.type).toBe('video/mp4');
    // Sent without hashing the body first: TLS guards it on AWS.
    expect(payloadHashes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(payloadHashes)).toEqual(new Set(['UNSIGNED-PAYLOAD']));
  });

  it('refuses to complete with a part never sent, and an abort leaves nothing behind', async () => {
    const upload = await new S3PartUploads(client, TEST_BUCKET).start('out/dropped.mp4', 'video/mp4', 'dropped.mp4');
    await upload.putPart(2, randomBytes(1000));
    await expect(upload.complete(2)).rejects.toThrow('part 1 of 2 was never sent');
    await upload.abort();
    const open = await client.send(new ListMultipartUploadsCommand({ Bucket: TEST_BUCKET }));
    expect((open.Uploads ?? []).filter((u) => u.Key === 'out/dropped.mp4')).toEqual([]);
    await expect(client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: 'out/dropped.mp4' }))).rejects.toMatchObject({ name: 'NotFound' });
  });
});
