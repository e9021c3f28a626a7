import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from './test-kit';

let s3: TestEmulator;
let client: S3Client;
const Bucket = TEST_BUCKET;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = s3.client();
});
afterAll(() => s3.stop());

/** A presigned POST as the picture upload makes it: one key, one type, a size range. */
const presign = (Key: string, Expires = 600) =>
  createPresignedPost(client, {
    Bucket,
    Key,
    Conditions: [['content-length-range', 1, 1024], ['eq', '$Content-Type', 'image/png']],
    Fields: { 'Content-Type': 'image/png' },
    Expires,
  });

/** Sends the form as a browser does: every field, then the file last. */
async function post(upload: { url: string; fields: Record<string, string> }, file: Buffer, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...extra })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(upload.url, { method: 'POST', body: form });
  const body = await response.text();
  return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(body)?.[1], body, etag: response.headers.get('etag') };
}

describe('presigned POST', () => {
  it('stores a file within the size range under the signed key and type', async () => {
    const answer = await post(await presign('incoming/ok.png'), Buffer.alloc(1024, 7));
    expect(answer).toMatchObject({ status: 204, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    const out = await client.send(new GetObjectCommand({ Bucket, Key: 'incoming/ok.png' }));
    expect(out.ContentType).toBe('image/png');
    expect(out.ContentLength).toBe(1024);
  });

  it('refuses a file beyond the range with EntityTooLarge and an empty one with EntityTooSmall, keeping neither', async () => {
    expect(await post(await presign('incoming/big.png'), Buffer.alloc(1025))).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await post(await presign('incoming/empty.png'), Buffer.alloc(0))).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    for (const Key of ['incoming/big.png', 'incoming/empty.png']) {
      await expect(client.send(new GetObjectCommand({ Bucket, Key }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    }
  });

  it('refuses a field the policy does not allow, an expired policy and a forged signature', async () => {
    const upload = await presign('incoming/policy.png');
    expect(await post(upload, Buffer.alloc(10), { 'Content-Type': 'text/html' })).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await post(upload, Buffer.alloc(10), { key: 'someone-else.png' })).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect((await post(upload, Buffer.alloc(10), { 'x-amz-meta-extra': 'x' })).body).toContain('Extra input fields: x-amz-meta-extra');
    const expired = await post(await presign('incoming/late.png', -1), Buffer.alloc(10));
    expect(expired).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(expired.body).toContain('Policy expired');
    const signature = upload.fields['X-Amz-Signature'] ?? '';
    const forged = { 'X-Amz-Signature': `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` };
    expect(await post(upload, Buffer.alloc(10), forged)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });
});
