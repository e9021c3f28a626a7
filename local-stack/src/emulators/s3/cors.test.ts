import { GetBucketCorsCommand, PutBucketCorsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from './test-kit';

const PORTAL = 'http://127.0.0.1:4000';
let s3: TestEmulator;

beforeAll(async () => {
  s3 = await startTestEmulator({
    cors: { [TEST_BUCKET]: [{ allowedOrigins: [PORTAL], allowedMethods: ['GET', 'HEAD', 'PUT'], allowedHeaders: ['*'], exposeHeaders: ['ETag'], maxAgeSeconds: 3600 }] },
  });
});
afterAll(() => s3.stop());

const preflight = (origin: string, method: string, headers = 'content-type') =>
  fetch(`${s3.endpoint}/${TEST_BUCKET}/inputs/clip.mp4`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
  });

describe('CORS', () => {
  it("answers the portal's preflight and exposes ETag on the upload it allows", async () => {
    const allowed = await preflight(PORTAL, 'PUT');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD, PUT');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(allowed.headers.get('access-control-max-age')).toBe('3600');

    const url = await getSignedUrl(s3.client({ requestChecksumCalculation: 'WHEN_REQUIRED' }), new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'inputs/clip.mp4' }), { expiresIn: 60 });
    const put = await fetch(url, { method: 'PUT', headers: { Origin: PORTAL, 'Content-Type': 'video/mp4' }, body: 'bytes' });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(put.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('refuses a preflight from another origin or for a method no rule allows', async () => {
    expect((await preflight('https://elsewhere.example', 'PUT')).status).toBe(403);
    expect((await preflight(PORTAL, 'DELETE')).status).toBe(403);
  });

  it('takes a configuration through PutBucketCors, which then decides', async () => {
    const client = s3.client();
    await client.send(
      new PutBucketCorsCommand({ Bucket: TEST_BUCKET, CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['POST'], AllowedHeaders: ['*'], MaxAgeSeconds: 60 }] } }),
    );
    expect((await client.send(new GetBucketCorsCommand({ Bucket: TEST_BUCKET }))).CORSRules).toEqual([{ AllowedOrigins: ['*'], AllowedMethods: ['POST'], AllowedHeaders: ['*'], MaxAgeSeconds: 60 }]);
    const post = await preflight('https://anywhere.example', 'POST');
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect((await preflight(PORTAL, 'PUT')).status).toBe(403);
  });
});
