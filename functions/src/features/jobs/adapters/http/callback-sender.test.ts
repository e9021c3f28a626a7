import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackRefusedError } from '../../../callbacks/domain/callback-service';
import { HttpCallbackSender } from './callback-sender';

let server: Server;
let origin = '';
let allow: string[] = [];
const received: { method: string | undefined; path: string | undefined; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 1000);
      if (req.url === '/big') return void res.writeHead(200).end(Buffer.alloc(1024 * 1024, 1));
      res.writeHead(req.url === '/gone' ? 410 : 202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  allow = [`127.0.0.1:${port}`];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('HttpCallbackSender', () => {
  it('POSTs the body with the given headers and returns the status, 2xx or not', async () => {
    const sender = new HttpCallbackSender(allow);
    expect(await sender.post(`${origin}/hook`, '{"a":1}', { 'Content-Type': 'application/json', 'X-Test': 'yes' })).toEqual({ status: 202 });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/hook',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-test': 'yes', 'content-length': '7' },
    });
    expect(await sender.post(`${origin}/gone`, '{}', {})).toEqual({ status: 410 });
  });

  it('reads no more than the response cap of a long answer', async () => {
    expect(await new HttpCallbackSender(allow).post(`${origin}/big`, '{}', {})).toEqual({ status: 200 });
  });

  it('refuses an internal address that is not allow-listed, for good', async () => {
    const sent = received.length;
    const attempt = new HttpCallbackSender([]).post(`${origin}/hook`, '{}', {});
    await expect(attempt).rejects.toBeInstanceOf(CallbackRefusedError);
    await expect(attempt).rejects.toThrow('Error: the callback URL points to a private or internal address.');
    await expect(new HttpCallbackSender(allow).post('ftp://example.com/', '{}', {})).rejects.toBeInstanceOf(CallbackRefusedError);
    expect(received.length).toBe(sent);
  });

  it('reports a receiver that does not answer in time as an error worth retrying', async () => {
    const sender = new HttpCallbackSender(allow, { timeoutMs: 200, maxBytes: 1024 });
    const attempt = sender.post(`${origin}/slow`, '{}', {});
    await expect(attempt).rejects.toThrow(/^Error: the callback URL did not finish within 1 seconds\.$/);
    await expect(attempt).rejects.not.toBeInstanceOf(CallbackRefusedError);
  });

  it('reports a closed port as an error worth retrying', async () => {
    const attempt = new HttpCallbackSender(['127.0.0.1:1']).post('http://127.0.0.1:1/', '{}', {});
    await expect(attempt).rejects.toThrow(/^Error: the callback URL could not be reached/);
    await expect(attempt).rejects.not.toBeInstanceOf(CallbackRefusedError);
  });
});
