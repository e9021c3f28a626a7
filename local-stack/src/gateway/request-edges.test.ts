import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { MAX_REQUEST_BYTES } from '@frameforge/functions/kernel/http/gateway-responses';
import type { RouteDefinition } from '@frameforge/functions/kernel/http/routes';
import { createGateway, type ProxyHandler } from './api-gateway';

const routes: RouteDefinition[] = [
  { api: 'product', method: 'GET', path: '/task/{id}', auth: 'none', handler: 'echo', access: [] },
  { api: 'product', method: 'POST', path: '/echo', auth: 'none', handler: 'echo', access: [] },
  { api: 'product', method: 'POST', path: '/keyed', auth: 'api-key', handler: 'echo', access: [] },
];

/** Answers what the function was given: the path, the domain and the body. */
const echo: ProxyHandler = (event) =>
  Promise.resolve({
    statusCode: 200,
    body: JSON.stringify({ path: event.path, domainName: event.requestContext.domainName, body: Buffer.from(event.body ?? '', 'base64').toString() }),
  });

let server: Server;
let port: number;
beforeAll(async () => {
  server = createGateway({ api: 'product', routes, loadHandler: () => Promise.resolve(echo), binaryBodies: true, publicUrl: 'http://127.0.0.1:4002' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
});

/** Sends raw bytes and collects what comes back until the server closes or `until` matches; `ms` after the first byte of the answer. */
function raw(request: string, until: RegExp, timeoutMs = 3000): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    let firstAt = 0;
    const done = () => {
      socket.destroy();
      resolve({ text, ms: firstAt - started });
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      firstAt ||= Date.now();
      text += chunk.toString('latin1');
      if (until.test(text)) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('error', reject);
  });
}

describe('paths, read as API Gateway reads them', () => {
  it('takes //host/path for a path, which matches no route', async () => {
    const answer = await raw('GET //evil.example/task/abc HTTP/1.1\r\nHost: gateway\r\nConnection: close\r\n\r\n', /"hint"/);
    expect(answer.text).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer.text).toContain('"code":"not_found"');
  });

  it('tells the function its own domain, whatever Host the client sent', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/task/abc`, { headers: { Host: 'evil.example' } });
    expect(await answer.json()).toEqual({ path: '/task/abc', domainName: '127.0.0.1:4002', body: '' });
  });
});

describe('Expect: 100-continue', () => {
  const head = (path: string, length: number, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n${extra}\r\n`;

  it('answers a body announced over the limit with 413 at once, without asking for it', async () => {
    const answer = await raw(head('/echo', MAX_REQUEST_BYTES + 1), /"hint"/);
    expect(answer.ms).toBeLessThan(1000);
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text).not.toContain('100 Continue');
    expect(answer.text).toContain('"code":"payload_too_large"');
    expect(answer.text).toMatch(/connection: close/i);
  });

  it('refuses a request without its key before asking for the body', async () => {
    const answer = await raw(head('/keyed', 1000), /"hint"/);
    expect(answer.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.text).not.toContain('100 Continue');
  });

  it('asks for a body that fits, then passes it on', async () => {
    const socketAnswer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(head('/echo', 5, 'Connection: close\r\n')));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        if (text === '' && chunk.toString().startsWith('HTTP/1.1 100 Continue')) socket.write('hello');
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(socketAnswer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(socketAnswer).toContain('"body":"hello"');
  });
});
