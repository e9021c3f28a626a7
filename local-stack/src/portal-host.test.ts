import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { createPortalHost } from './portal-host';

const config: PortalConfig = {
  region: 'eu-west-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'local-client',
  userPoolEndpoint: 'http://127.0.0.1:4003',
  authFlowType: 'USER_SRP_AUTH',
  portalApiUrl: 'http://127.0.0.1:4001/',
  productApiUrl: 'http://127.0.0.1:4002/',
  prices: { basic: 'price_basic', boost: 'price_boost', elite: 'price_elite' },
};

const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text ${i}`))};\n`;
const shell = `<!doctype html><html><head><title>FrameForge</title></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;
let dist: string;
let host: Server;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-host-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), shell);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
  writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  host = createPortalHost(dist, config);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  port = (host.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** A raw GET, path as written (fetch would decode the body and hide Content-Encoding). */
function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port, path, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local portal host, compressing as CloudFront does', () => {
  it('answers Brotli when the viewer takes it, before Gzip', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(script);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 3);
  });

  it('answers Gzip to a viewer that takes only Gzip (a browser over plain HTTP)', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).toBe(script);
  });

  it('answers the file as it is to a viewer that takes no compression, or refuses it', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const answer = await get('/assets/index-abc123.js', accept);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString('utf8')).toBe(script);
    }
  });

  it('leaves files under 1,000 bytes and types CloudFront does not compress as they are', async () => {
    const tiny = await get('/assets/tiny-abc123.js', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe('export {};\n');
    const picture = await get('/assets/logo-abc123.png', 'gzip, br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.length).toBe(4096);
  });

  it('caches hashed assets for a year and makes index.html revalidate, with the security headers on both', async () => {
    const asset = await get('/assets/index-abc123.js', 'gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/api-keys']) {
      const page = await get(path, 'gzip');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gunzipSync(page.body).toString('utf8')).toBe(shell);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    }
    expect(asset.headers['content-security-policy']).toContain("default-src 'self'");
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing file 404 instead of the app shell, as the SPA routing function does', async () => {
    const missing = await get('/assets/gone-123.js', 'gzip');
    expect(missing.status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/hostname.txt')).status).toBe(404);
    expect((await get('/assets/../../portal-host.test.ts')).status).toBe(404);
  });
});
