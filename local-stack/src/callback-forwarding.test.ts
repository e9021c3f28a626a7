import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MirroredDelivery } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';
import { signCallback, verifyCallback } from '@frameforge/functions/features/callbacks/domain/callback-signature';
import { forwardDelivery, taskReadableWith } from './callback-forwarding';

const TASK = '6f1c2b9e-5d4a-4c3b-9a8f-1e2d3c4b5a69';
const SECRET = 'whsec_unit';
const BODY = `{"id":"evt_${TASK}_completed","type":"task.completed","created_at":"2025-01-01T00:00:00.000Z","data":{"id":"${TASK}","note":"caf\u00e9"}}`;
const now = Math.floor(Date.now() / 1000);
const delivery: MirroredDelivery = {
  callback_url: 'https://receiver.example/hook',
  body: BODY,
  headers: {
    'Content-Type': 'application/json',
    'User-Agent': 'FrameForge-Callbacks/1',
    'FrameForge-Event-Id': `evt_${TASK}_completed`,
    'FrameForge-Signature': signCallback(SECRET, BODY, now),
  },
};

/** The product API's answers to GET /task/{id}: the key `ff_mine` owns TASK only; any other key is refused. */
const taskAnswer = (path: string, key: unknown) => (key !== 'ff_mine' ? 401 : path.endsWith(TASK) ? 200 : 404);

let server: Server;
let origin = '';
let answer = 204;
const received: { path: string | undefined; headers: IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url === '/slow') return void setTimeout(() => res.end(), 500);
      if (req.url?.startsWith('/task/')) return void res.writeHead(taskAnswer(req.url, req.headers['x-api-key'])).end('{}');
      res.writeHead(answer).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('forwardDelivery', () => {
  it('POSTs the exact body and signed headers, so the receiver verifies it as a real delivery', async () => {
    expect(await forwardDelivery(delivery, `${origin}/webhooks?from=listen`)).toEqual({ status: 204 });
    const [request] = received.splice(0);
    expect(request?.path).toBe('/webhooks?from=listen');
    expect(request?.body.toString('utf8')).toBe(BODY);
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'FrameForge-Callbacks/1',
      'frameforge-event-id': `evt_${TASK}_completed`,
      'frameforge-signature': delivery.headers['FrameForge-Signature'],
      'content-length': String(Buffer.byteLength(BODY)),
    });
    expect(verifyCallback(SECRET, request?.headers['frameforge-signature'] as string, request?.body ?? '')).toBe(true);
  });

  it("gives the receiver's status whatever it is, and why there was none", async () => {
    answer = 500;
    expect(await forwardDelivery(delivery, `${origin}/webhooks`)).toEqual({ status: 500 });
    answer = 204;
    expect(await forwardDelivery(delivery, 'http://127.0.0.1:1/webhooks')).toEqual({ error: expect.stringContaining('ECONNREFUSED') });
    expect(await forwardDelivery(delivery, `${origin}/slow`, 100)).toEqual({ error: 'no answer within 0.1 s' });
    received.length = 0;
  });
});

describe('taskReadableWith', () => {
  it("tells the key's own tasks from others', and does not take a refused key for either", async () => {
    expect(await taskReadableWith(`${origin}/`, 'ff_mine', TASK)).toBe(true);
    expect(await taskReadableWith(origin, 'ff_mine', '00000000-0000-4000-8000-000000000000')).toBe(false);
    await expect(taskReadableWith(origin, 'ff_revoked', TASK)).rejects.toThrow('HTTP 401');
  });
});
