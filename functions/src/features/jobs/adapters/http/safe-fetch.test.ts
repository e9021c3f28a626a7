import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, createServer as createNetServer, isIP, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeDownload, safeRequest, type SafeFetchOptions } from './safe-fetch';
import { UrlRefusedError, type UrlRefusalCode } from '../../../../kernel/adapters/http/url-policy';

jest.setTimeout(10_000);

const LIMIT = 16 * 1024;
const PAYLOAD = Buffer.from(Array.from({ length: 10 * 1024 }, (_, i) => (i * 31 + 7) % 256));

// ---- canary: a loopback listener that no refused URL may ever reach --------------------------
let canaryConnections = 0;
let canaryPort = 0;
const canaries: NetServer[] = [];
const canarySockets = new Set<Socket>();

function listenCanary(host: string, port: number): Promise<NetServer | undefined> {
  const server = createNetServer((socket) => {
    canaryConnections += 1;
    canarySockets.add(socket);
    socket.on('close', () => canarySockets.delete(socket));
    socket.destroy();
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined)); // ::1 may be unavailable; 127.0.0.1 is checked below
    server.listen(port, host, () => resolve(server));
  });
}

// ---- fixture: an allow-listed loopback HTTP server playing the remote side ---------------------
interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
let fixture: Server;
let fixturePort = 0;
let fixtureHost = '';

function startFixture(): Server {
  return createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      const url = new URL(req.url ?? '/', 'http://fixture');
      const path = url.pathname;
      if (path === '/redirect') {
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' }).end();
      } else if (path.startsWith('/chain/')) {
        const step = Number(path.slice('/chain/'.length));
        const next = step >= 8 ? (url.searchParams.get('to') ?? '/') : `/chain/${step + 1}${url.search}`;
        res.writeHead(302, { location: next }).end();
      } else if (path === '/media/clip%20one.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': PAYLOAD.length }).end(PAYLOAD);
      } else if (path === '/attachment/') {
        res.writeHead(200, { 'content-disposition': 'attachment; filename="Holiday Video.mov"' }).end(PAYLOAD);
      } else if (path === '/big-length') {
        res.writeHead(200, { 'content-length': LIMIT * 4 }).end(Buffer.alloc(LIMIT * 4, 1));
      } else if (path === '/big-chunked') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 16; i += 1) res.write(Buffer.alloc(4096, 2));
        res.end();
      } else if (path === '/slow') {
        res.writeHead(200, { 'content-length': 1000 });
        const timer = setInterval(() => res.write('x'), 100);
        res.on('close', () => clearInterval(timer));
      } else if (path === '/stall') {
        // Never answers; the client's deadline has to end it.
      } else if (path === '/cut') {
        res.writeHead(200, { 'content-length': 1000 });
        res.write('only ten b', () => res.destroy());
      } else if (path === '/hook' && req.method === 'POST') {
        res.writeHead(202, { 'content-type': 'text/plain' }).end('accepted');
      } else if (path === '/big-reply') {
        res.writeHead(200).end(Buffer.alloc(LIMIT * 4, 3));
      } else {
        res.writeHead(404).end('not here');
      }
    });
  });
}

let dir = '';

beforeAll(async () => {
  const first = await listenCanary('127.0.0.1', 0);
  if (!first) throw new Error('canary could not listen on 127.0.0.1');
  canaries.push(first);
  canaryPort = (first.address() as AddressInfo).port;
  const v6 = await listenCanary('::1', canaryPort);
  if (v6) canaries.push(v6);
  fixture = startFixture();
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixturePort = (fixture.address() as AddressInfo).port;
  fixtureHost = `127.0.0.1:${fixturePort}`;
  dir = await mkdtemp(join(tmpdir(), 'safe-fetch-'));
});

afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise((resolve) => fixture.close(resolve));
  for (const socket of canarySockets) socket.destroy();
  await Promise.all(canaries.map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(dir, { recursive: true, force: true });
});

// ---- helpers -----------------------------------------------------------------------------------
const DNS: Record<string, string[]> = {
  'inward-v4.test': ['127.0.0.1'],
  'inward-v6.test': ['::1'],
  'private.test': ['10.0.0.5'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'nat64.test': ['64:ff9b::7f00:1'],
  'mixed.test': ['8.8.8.8', '127.0.0.1'],
  'mixed-v6.test': ['2606:4700:4700::1111', 'fd00:ec2::254'],
  'odd-form.test': ['2130706433'],
  'empty.test': [],
};
const resolverCalls: string[] = [];

async function fakeResolve(hostname: string) {
  resolverCalls.push(hostname);
  const addresses = DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: isIP(address) }));
}

function options(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return { maxBytes: LIMIT, timeoutMs: 4000, maxRedirects: 3, allowHosts: [fixtureHost], resolve: fakeResolve, ...extra };
}

async function refusal(work: Promise<unknown>): Promise<UrlRefusedError> {
  const outcome = await work.then(
    () => new Error('expected a refusal, but the request succeeded'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(UrlRefusedError);
  return outcome as UrlRefusedError;
}

let fileCounter = 0;
const destination = () => join(dir, `download-${(fileCounter += 1)}.bin`);
// Placeholders may sit inside (doubly) percent-encoded redirect targets, hence the encoded braces.
const fill = (template: string) =>
  template
    .replace(/(?:\{|%7B|%257B)canary(?:\}|%7D|%257D)/g, String(canaryPort))
    .replace(/(?:\{|%7B|%257B)fixture(?:\}|%7D|%257D)/g, String(fixturePort));
const viaFixture = (target: string, status = 302) =>
  `http://127.0.0.1:{fixture}/redirect?status=${status}&to=${encodeURIComponent(target)}`;

// ---- hostile URLs: every one refused, the canary silent ---------------------------------------
const hostile: [string, UrlRefusalCode][] = [
  // literal addresses at the canary's port
  ['http://127.0.0.1:{canary}/', 'url_forbidden'],
  ['http://127.0.0.2:{canary}/', 'url_forbidden'],
  ['http://0.0.0.0:{canary}/', 'url_forbidden'],
  ['http://0:{canary}/', 'url_forbidden'],
  ['http://10.0.0.5:{canary}/', 'url_forbidden'],
  ['http://172.16.0.1:{canary}/', 'url_forbidden'],
  ['http://192.168.1.1:{canary}/', 'url_forbidden'],
  ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', 'url_forbidden'],
  ['http://169.254.170.2/v2/credentials', 'url_forbidden'],
  ['http://100.64.0.1:{canary}/', 'url_forbidden'],
  ['http://[::1]:{canary}/', 'url_forbidden'],
  ['http://[::]:{canary}/', 'url_forbidden'],
  ['http://[::ffff:127.0.0.1]:{canary}/', 'url_forbidden'],
  ['http://[::ffff:7f00:1]:{canary}/', 'url_forbidden'],
  ['http://[::127.0.0.1]:{canary}/', 'url_forbidden'],
  ['http://[64:ff9b::7f00:1]:{canary}/', 'url_forbidden'],
  ['http://[2002:7f00:1::]:{canary}/', 'url_forbidden'],
  ['http://[fd00:ec2::254]/latest/meta-data/', 'url_forbidden'],
  ['http://[fe80::1]:{canary}/', 'url_forbidden'],
  ['https://127.0.0.1:{canary}/', 'url_forbidden'],
  // other spellings of 127.0.0.1
  ['http://2130706433:{canary}/', 'url_forbidden'],
  ['http://0x7f000001:{canary}/', 'url_forbidden'],
  ['http://017700000001:{canary}/', 'url_forbidden'],
  ['http://127.1:{canary}/', 'url_forbidden'],
  ['http://0x7f.0.0.1:{canary}/', 'url_forbidden'],
  ['http://%31%32%37.0.0.1:{canary}/', 'url_forbidden'],
  ['http://127.0.0.1.:{canary}/', 'url_forbidden'],
  // names
  ['http://localhost:{canary}/', 'url_forbidden'],
  ['http://LocalHost.:{canary}/', 'url_forbidden'],
  ['http://canary.localhost:{canary}/', 'url_forbidden'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'url_forbidden'],
  // names whose DNS answer points inward
  ['http://inward-v4.test:{canary}/', 'url_forbidden'],
  ['http://inward-v6.test:{canary}/', 'url_forbidden'],
  ['http://private.test:{canary}/', 'url_forbidden'],
  ['http://metadata.test/latest/meta-data/', 'url_forbidden'],
  ['http://mapped.test:{canary}/', 'url_forbidden'],
  ['http://nat64.test:{canary}/', 'url_forbidden'],
  ['http://mixed.test:{canary}/', 'url_forbidden'],
  ['http://mixed-v6.test:{canary}/', 'url_forbidden'],
  ['http://odd-form.test:{canary}/', 'url_unreachable'],
  ['http://empty.test:{canary}/', 'url_unreachable'],
  // other schemes and credentials
  ['file:///etc/passwd', 'url_invalid'],
  ['gopher://127.0.0.1:{canary}/_PING', 'url_invalid'],
  ['ftp://127.0.0.1:{canary}/', 'url_invalid'],
  ['http://user:pass@127.0.0.1:{canary}/', 'url_invalid'],
  // redirects from the allow-listed fixture
  [viaFixture('http://127.0.0.1:{canary}/'), 'url_forbidden'],
  [viaFixture('http://localhost:{canary}/'), 'url_forbidden'],
  [viaFixture('http://[::1]:{canary}/'), 'url_forbidden'],
  [viaFixture('http://[::ffff:127.0.0.1]:{canary}/'), 'url_forbidden'],
  [viaFixture('http://2130706433:{canary}/'), 'url_forbidden'],
  [viaFixture('http://0x7f000001:{canary}/', 301), 'url_forbidden'],
  [viaFixture('http://127.1:{canary}/', 303), 'url_forbidden'],
  [viaFixture('http://inward-v4.test:{canary}/', 307), 'url_forbidden'],
  [viaFixture('http://mixed.test:{canary}/', 308), 'url_forbidden'],
  [viaFixture('//127.0.0.1:{canary}/'), 'url_forbidden'],
  [viaFixture('http://127.0.0.1:{fixture}@127.0.0.1:{canary}/'), 'url_invalid'],
  [viaFixture('file:///etc/passwd'), 'url_invalid'],
  [viaFixture('gopher://127.0.0.1:{canary}/_x'), 'url_invalid'],
  [viaFixture(viaFixture('http://127.0.0.1:{canary}/')), 'url_forbidden'],
  ['http://127.0.0.1:{fixture}/chain/0?to=' + encodeURIComponent('http://127.0.0.1:{canary}/'), 'url_redirects'],
];

describe('safe fetch against hostile URLs', () => {
  it('has at least 30 hostile cases', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it.each(hostile)('refuses %s (%s)', async (template, code) => {
    const url = fill(template);
    const target = destination();
    const download = await refusal(safeDownload(url, target, options()));
    expect(download.code).toBe(code);
    expect(download.message).toMatch(/^Error: /);
    expect(download.message).not.toMatch(/127\.0\.0\.1|10\.0\.0\.5|169\.254|::1|7f00/);
    expect(existsSync(target)).toBe(false);
    const request = await refusal(safeRequest(url, options()));
    expect(request.code).toBe(code);
    expect(canaryConnections).toBe(0);
  });

  it('words a refused redirect as the redirect, not as the URL the caller gave', async () => {
    const inward = await refusal(safeRequest(fill(viaFixture('http://localhost:{canary}/')), options()));
    expect(inward.message).toBe('Error: the URL redirected to a private or internal address.');
    const scheme = await refusal(safeRequest(fill(viaFixture('file:///etc/passwd')), options()));
    expect(scheme.message).toBe('Error: the URL redirected to a location that is not an accepted http or https URL.');
    expect(canaryConnections).toBe(0);
  });

  it('does not follow redirects for POST: the caller gets the 302 and the target is never contacted', async () => {
    const url = fill(viaFixture('http://127.0.0.1:{canary}/'));
    const result = await safeRequest(url, options({ method: 'POST', body: '{}' }));
    expect(result.status).toBe(302);
    expect(result.headers.location).toBe(fill('http://127.0.0.1:{canary}/'));
    expect(canaryConnections).toBe(0);
  });
});

// ---- the allow-listed fixture: limits and normal traffic --------------------------------------
describe('safe fetch against the allowed fixture', () => {
  const at = (path: string) => `http://127.0.0.1:${fixturePort}${path}`;

  it('downloads a file, with its bytes, type and a file name from the path', async () => {
    const target = destination();
    const result = await safeDownload(at('/media/clip%20one.mp4'), target, options());
    expect(result).toEqual({
      bytes: PAYLOAD.length,
      contentType: 'video/mp4',
      finalUrl: at('/media/clip%20one.mp4'),
      fileName: 'clip_one.mp4',
    });
    expect((await readFile(target)).equals(PAYLOAD)).toBe(true);
  });

  it('follows an allowed redirect and reports the final URL', async () => {
    const target = destination();
    const result = await safeDownload(at(`/redirect?to=${encodeURIComponent('/media/clip%20one.mp4')}`), target, options());
    expect(result.finalUrl).toBe(at('/media/clip%20one.mp4'));
    expect(result.bytes).toBe(PAYLOAD.length);
  });

  it('takes the file name from Content-Disposition when the path has none', async () => {
    const result = await safeDownload(at('/attachment/'), destination(), options());
    expect(result.fileName).toBe('Holiday_Video.mov');
    expect(result.contentType).toBeUndefined();
  });

  it('connects to the address it checked: one DNS answer per hop, Host and path kept', async () => {
    const answers = ['127.0.0.1', '10.255.255.1'];
    const asked: string[] = [];
    const rebinding = async (hostname: string) => {
      asked.push(hostname);
      const address = answers[Math.min(asked.length - 1, 1)] ?? '';
      return [{ address, family: 4 }];
    };
    const host = `files.test:${fixturePort}`;
    const result = await safeDownload(`http://${host}/media/clip%20one.mp4`, destination(), {
      ...options(),
      allowHosts: [host],
      resolve: rebinding,
    });
    expect(result.bytes).toBe(PAYLOAD.length);
    expect(asked).toEqual(['files.test']);
    expect(received.at(-1)?.headers.host).toBe(host);
    expect(received.at(-1)?.url).toBe('/media/clip%20one.mp4');
  });

  it('refuses a declared Content-Length over the cap and leaves nothing on disk', async () => {
    const target = destination();
    expect((await refusal(safeDownload(at('/big-length'), target, options()))).code).toBe('url_too_large');
    expect(existsSync(target)).toBe(false);
  });

  it('stops a chunked body at the cap and deletes the partial file', async () => {
    const target = destination();
    expect((await refusal(safeDownload(at('/big-chunked'), target, options()))).code).toBe('url_too_large');
    expect(existsSync(target)).toBe(false);
  });

  it('gives up on a body that trickles past the deadline', async () => {
    const target = destination();
    const started = Date.now();
    const error = await refusal(safeDownload(at('/slow'), target, options({ timeoutMs: 1200 })));
    expect(error.code).toBe('url_timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(existsSync(target)).toBe(false);
  });

  it('gives up on a server that never answers', async () => {
    const error = await refusal(safeRequest(at('/stall'), options({ timeoutMs: 800 })));
    expect(error.code).toBe('url_timeout');
  });

  it('refuses a non-2xx answer without writing a file, and leaves an earlier file alone', async () => {
    const target = destination();
    await writeFile(target, 'kept');
    expect((await refusal(safeDownload(at('/missing'), target, options()))).code).toBe('url_status');
    expect(await readFile(target, 'utf8')).toBe('kept');
    const fresh = destination();
    expect((await refusal(safeDownload(at('/missing'), fresh, options()))).code).toBe('url_status');
    expect(existsSync(fresh)).toBe(false);
  });

  it('reports a body cut short as unreachable and deletes the partial file', async () => {
    const target = destination();
    expect((await refusal(safeDownload(at('/cut'), target, options()))).code).toBe('url_unreachable');
    expect(existsSync(target)).toBe(false);
  });

  it('reports a refused connection and a failed DNS lookup as unreachable', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await refusal(safeRequest(`http://127.0.0.1:${port}/`, options({ allowHosts: [`127.0.0.1:${port}`] })));
    expect(refused.code).toBe('url_unreachable');
    expect(refused.message).not.toContain('127.0.0.1');
    expect((await refusal(safeRequest('http://no-such-host.test/', options()))).code).toBe('url_unreachable');
  });

  it('POSTs a body and headers, and returns the status and reply', async () => {
    const body = JSON.stringify({ job_id: 'job_123', status: 'succeeded' });
    const result = await safeRequest(at('/hook'), {
      ...options(),
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-frameforge-signature': 't=1,v1=abc', Host: 'evil.example' },
      body,
    });
    expect(result.status).toBe(202);
    expect(result.body.toString()).toBe('accepted');
    expect(result.headers['content-type']).toBe('text/plain');
    const hook = received.at(-1);
    expect(hook?.method).toBe('POST');
    expect(hook?.url).toBe('/hook');
    expect(hook?.body.toString()).toBe(body);
    expect(hook?.headers['content-type']).toBe('application/json');
    expect(hook?.headers['x-frameforge-signature']).toBe('t=1,v1=abc');
    expect(hook?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(hook?.headers.host).toBe(fixtureHost);
  });

  it('returns any status to the caller and cuts a long reply off at maxBytes', async () => {
    const missing = await safeRequest(at('/missing'), options());
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('not here');
    const big = await safeRequest(at('/big-reply'), options({ maxBytes: 1000 }));
    expect(big.status).toBe(200);
    expect(big.body).toEqual(Buffer.alloc(1000, 3));
  });

  it('sends the host name, not the address, as the TLS server name', async () => {
    let hello: Buffer = Buffer.alloc(0);
    const tlsSide = createNetServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        hello = chunk;
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => tlsSide.listen(0, '127.0.0.1', resolve));
    const host = `secure.test:${(tlsSide.address() as AddressInfo).port}`;
    try {
      const error = await refusal(
        safeRequest(`https://${host}/`, { ...options(), allowHosts: [host], resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
      );
      expect(error.code).toBe('url_unreachable');
      expect(hello.includes('secure.test')).toBe(true);
    } finally {
      await new Promise((resolve) => tlsSide.close(resolve));
    }
  });
});

describe('the canary', () => {
  it('heard nothing from any of the above, and would have heard a real connection', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(canaryConnections).toBe(0);
    await new Promise<void>((resolve, reject) => {
      const probe = connect(canaryPort, '127.0.0.1', () => probe.end());
      probe.on('close', () => resolve());
      probe.on('error', reject);
    });
    for (let i = 0; i < 50 && canaryConnections === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(canaryConnections).toBe(1);
  });
});
