import { GetObjectCommand, PutObjectCommand, S3Client, type S3Client as Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { canonicalRequest, hmacHex, scopeString, sha256Hex, signingKey, stringToSign } from './sigv4';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from './test-kit';

let s3: TestEmulator;
/** As the project presigns: no checksum parameters a browser or curl could not send. */
let presigning: Client;
const Bucket = TEST_BUCKET;

beforeAll(async () => {
  s3 = await startTestEmulator();
  presigning = s3.client({ requestChecksumCalculation: 'WHEN_REQUIRED' });
});
afterAll(() => s3.stop());

const errorCode = async (response: Response) => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

describe('signatures', () => {
  it('takes a presigned PUT and a presigned GET that names the download', async () => {
    const put = await getSignedUrl(presigning, new PutObjectCommand({ Bucket, Key: 'inputs/clip one.mp4', ContentType: 'video/mp4' }), { expiresIn: 600 });
    const stored = await fetch(put, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: new Uint8Array(Buffer.from('not really a video')) });
    expect(stored.status).toBe(200);
    expect(stored.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const get = await getSignedUrl(presigning, new GetObjectCommand({ Bucket, Key: 'inputs/clip one.mp4', ResponseContentDisposition: 'attachment; filename="clip.mp4"' }), { expiresIn: 600 });
    const read = await fetch(get);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('video/mp4');
    expect(read.headers.get('content-disposition')).toBe('attachment; filename="clip.mp4"');
    expect(await read.text()).toBe('not really a video');
  });

  it('refuses a tampered presigned URL with SignatureDoesNotMatch, and another key through the same signature', async () => {
    await s3.client().send(new PutObjectCommand({ Bucket, Key: 'mine', Body: 'mine' }));
    const url = await getSignedUrl(presigning, new GetObjectCommand({ Bucket, Key: 'mine' }), { expiresIn: 600 });
    const signature = new URL(url).searchParams.get('X-Amz-Signature') ?? '';
    const tampered = url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('SignatureDoesNotMatch');
    const elsewhere = await fetch(url.replace('/mine?', '/theirs?'));
    expect(elsewhere.status).toBe(403);
    expect(await errorCode(elsewhere)).toBe('SignatureDoesNotMatch');
  });

  it('refuses an expired presigned URL with AccessDenied "Request has expired"', async () => {
    const url = await getSignedUrl(presigning, new GetObjectCommand({ Bucket, Key: 'mine' }), { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    const refused = await fetch(url);
    expect(refused.status).toBe(403);
    const body = await refused.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain('<Message>Request has expired</Message>');
  });

  it('refuses an unsigned request with AccessDenied, and a wrong secret with SignatureDoesNotMatch', async () => {
    const anonymous = await fetch(`${s3.endpoint}/${Bucket}/mine`);
    expect(anonymous.status).toBe(403);
    expect(await errorCode(anonymous)).toBe('AccessDenied');
    const wrong = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'guessed' } });
    await expect(wrong.send(new GetObjectCommand({ Bucket, Key: 'mine' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    const stranger = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'someone', secretAccessKey: 'local' } });
    await expect(stranger.send(new GetObjectCommand({ Bucket, Key: 'mine' }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    wrong.destroy();
    stranger.destroy();
  });

  it('refuses a body that is not the one whose sha256 was signed', async () => {
    // Signed by hand: the SDK cannot be made to send other bytes than the ones it hashed.
    const amzDate = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    const scope = { accessKeyId: 'local', date: amzDate.slice(0, 8), region: 'us-east-1', service: 's3' };
    const path = `/${Bucket}/swapped`;
    const headers: Record<string, string> = { host: new URL(s3.endpoint).host, 'x-amz-content-sha256': sha256Hex('honest'), 'x-amz-date': amzDate };
    const canonical = canonicalRequest({ method: 'PUT', path, query: [], signedHeaders: Object.keys(headers), headerValue: (name) => headers[name] ?? '', payloadHash: sha256Hex('honest') });
    const signature = hmacHex(signingKey('local', scope), stringToSign(amzDate, scope, canonical));
    const send = (body: string) =>
      fetch(`${s3.endpoint}${path}`, {
        method: 'PUT',
        headers: { ...headers, Authorization: `AWS4-HMAC-SHA256 Credential=local/${scopeString(scope)}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${signature}` },
        body,
      });
    const forged = await send('forged');
    expect(forged.status).toBe(400);
    expect(await errorCode(forged)).toBe('XAmzContentSHA256Mismatch');
    expect((await send('honest')).status).toBe(200);
  });

  it('refuses a PUT whose Content-Type is not the one signed, and a presigned URL with an unsigned x-amz header', async () => {
    const url = await getSignedUrl(presigning, new PutObjectCommand({ Bucket, Key: 'typed.mp4', ContentType: 'video/mp4' }), { expiresIn: 600, signableHeaders: new Set(['content-type']) });
    const other = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: 'x' });
    expect(other.status).toBe(403);
    expect(await errorCode(other)).toBe('SignatureDoesNotMatch');
    const extra = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4', 'x-amz-acl': 'public-read' }, body: 'x' });
    expect(extra.status).toBe(403);
    expect(await extra.text()).toContain('There were headers present in the request which were not signed: x-amz-acl');
    expect((await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: 'x' })).status).toBe(200);
  });

  it('refuses a presigned URL without X-Amz-Expires, and says when an expired one ran out', async () => {
    const url = await getSignedUrl(presigning, new GetObjectCommand({ Bucket, Key: 'mine' }), { expiresIn: 60 });
    const missing = await fetch(url.replace(/X-Amz-Expires=60&?/, ''));
    expect(missing.status).toBe(400);
    expect(await errorCode(missing)).toBe('AuthorizationQueryParametersError');
    const signedAt = new Date(Date.now() - 120_000);
    const expired = await fetch(await getSignedUrl(presigning, new GetObjectCommand({ Bucket, Key: 'mine' }), { expiresIn: 60, signingDate: signedAt }));
    const body = await expired.text();
    expect(body).toContain('<X-Amz-Expires>60</X-Amz-Expires>');
    expect(body).toContain(`<Expires>${new Date(Math.floor(signedAt.getTime() / 1000) * 1000 + 60_000).toISOString().replace('.000Z', 'Z')}</Expires>`);
  });
});
