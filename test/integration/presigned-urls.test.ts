import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { signedUpUserWithKey } from '../support/product-user';
import { testServices } from '../support/services';

/**
 * The stack's S3 refuses what S3 refuses: an expired, an unsigned and a
 * re-pathed presigned URL, anonymous listing, and an upload whose
 * Content-Type is not the one the API signed; each with S3's status and code.
 */
const endpoints = testEndpoints();
const services = testServices();
const Bucket = services.resources.buckets.BUCKET_MEDIA ?? '';
// As the handlers presign: no checksum parameters that browsers and curl cannot send.
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: services.s3,
  forcePathStyle: true,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
const prefix = `presigned-test/${Date.now()}`;

beforeAll(async () => {
  expect(Bucket).not.toBe('');
  await s3.send(new PutObjectCommand({ Bucket, Key: `${prefix}/mine.txt`, Body: 'mine' }));
  await s3.send(new PutObjectCommand({ Bucket, Key: `${prefix}/theirs.txt`, Body: 'theirs' }));
});
afterAll(() => s3.destroy());

async function refusal(response: Response): Promise<{ status: number; code: string | undefined; message: string | undefined }> {
  const body = await response.text();
  return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(body)?.[1], message: /<Message>([^<]+)<\/Message>/.exec(body)?.[1] };
}
const get = (key: string, options: { expiresIn: number; signingDate?: Date }) => getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: key }), options);
const put = (key: string, options: { expiresIn: number; signingDate?: Date }) => getSignedUrl(s3, new PutObjectCommand({ Bucket, Key: key }), options);

describe('an expired presigned URL', () => {
  it('is refused with AccessDenied "Request has expired", GET and PUT alike', async () => {
    const past = { expiresIn: 60, signingDate: new Date(Date.now() - 5 * 60_000) };
    const expected = { status: 403, code: 'AccessDenied', message: 'Request has expired' };
    expect(await refusal(await fetch(await get(`${prefix}/mine.txt`, past)))).toEqual(expected);
    expect(await refusal(await fetch(await put(`${prefix}/late.txt`, past), { method: 'PUT', body: 'late' }))).toEqual(expected);
    await expect(s3.send(new HeadObjectCommand({ Bucket, Key: `${prefix}/late.txt` }))).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('works until its seconds run out, then is refused', async () => {
    const url = await get(`${prefix}/mine.txt`, { expiresIn: 1 });
    expect((await fetch(url)).status).toBe(200);
    const expired = await eventually(
      async () => {
        const answer = await fetch(url);
        if (answer.status !== 200) return answer;
        await answer.arrayBuffer();
        return undefined;
      },
      { timeoutMs: 5_000, intervalMs: 200, what: 'the URL refused once its second has run out' },
    );
    expect(await refusal(expired)).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
  });
});

describe('an unsigned request', () => {
  it('is refused with AccessDenied: an object read, a write and an anonymous listing of the bucket', async () => {
    const denied = { status: 403, code: 'AccessDenied' };
    expect(await refusal(await fetch(`${services.s3}/${Bucket}/${prefix}/mine.txt`))).toMatchObject(denied);
    expect(await refusal(await fetch(`${services.s3}/${Bucket}/${prefix}/anonymous.txt`, { method: 'PUT', body: 'x' }))).toMatchObject(denied);
    expect(await refusal(await fetch(`${services.s3}/${Bucket}`))).toMatchObject(denied);
    expect(await refusal(await fetch(`${services.s3}/${Bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`))).toMatchObject(denied);
    expect(await refusal(await fetch(`${services.s3}/`))).toMatchObject(denied);
  });
});

describe('a re-pathed presigned URL', () => {
  it('is refused with SignatureDoesNotMatch when its query string is sent for another key', async () => {
    const mismatch = { status: 403, code: 'SignatureDoesNotMatch' };
    const read = new URL(await get(`${prefix}/mine.txt`, { expiresIn: 600 }));
    expect((await fetch(read)).status).toBe(200);
    expect(await refusal(await fetch(`${services.s3}/${Bucket}/${prefix}/theirs.txt${read.search}`))).toEqual(expect.objectContaining(mismatch));
    expect(await refusal(await fetch(`${services.s3}/${Bucket}${read.search}`))).toEqual(expect.objectContaining(mismatch));
    const write = new URL(await put(`${prefix}/mine.txt`, { expiresIn: 600 }));
    expect(await refusal(await fetch(`${services.s3}/${Bucket}/${prefix}/theirs.txt${write.search}`, { method: 'PUT', body: 'overwritten' }))).toEqual(
      expect.objectContaining(mismatch),
    );
    const theirs = await s3.send(new GetObjectCommand({ Bucket, Key: `${prefix}/theirs.txt` }));
    expect(await theirs.Body?.transformToString()).toBe('theirs');
  });
});

describe('an upload URL from POST /uploads', () => {
  it('takes only the Content-Type the upload declared', async () => {
    const apiKey = await signedUpUserWithKey(endpoints);
    const created = await fetch(`${endpoints.productApi}/uploads`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_name: 'clip.mp4', content_type: 'video/mp4', size: 1000 }),
    });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as { file_id: string; upload_url: string; headers: Record<string, string> };
    expect(ticket.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(new URL(ticket.upload_url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    const bytes = new Uint8Array(1000);
    const mismatch = { status: 403, code: 'SignatureDoesNotMatch' };
    expect(await refusal(await fetch(ticket.upload_url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: bytes }))).toMatchObject(mismatch);
    expect(await refusal(await fetch(ticket.upload_url, { method: 'PUT', body: bytes }))).toMatchObject(mismatch);
    expect((await fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: bytes })).status).toBe(200);
    const status = await fetch(`${endpoints.productApi}/uploads/${ticket.file_id}`, { headers: { 'X-API-Key': apiKey } });
    expect(await status.json()).toMatchObject({ status: 'completed', size: 1000 });
  });
});
