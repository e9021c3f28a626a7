import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mirroredDeliverySchema, type MirroredDelivery } from '../../../callbacks/contracts/callback-mirror';
import { CallbackRefusedError, CallbackService, type CallbackSender } from '../../../callbacks/domain/callback-service';
import type { CallbackAttempt, JobRecord, JobRepository } from '../../../jobs/domain/job';
import { MirroredCallbackSender } from './mirrored-callback-sender';

const URL_OF_TRY = 'https://receiver.example/hook';
const BODY = '{"id":"evt_1_completed","type":"task.completed","data":{"note":"caf\u00e9 \u2713"}}';
const HEADERS = { 'Content-Type': 'application/json', 'FrameForge-Event-Id': 'evt_1_completed', 'FrameForge-Signature': `t=1,v1=${'a'.repeat(64)}` };

let mirror: Server;
let mirrorUrl = '';
let mirrorStatus = 202;
const copies: MirroredDelivery[] = [];

beforeAll(async () => {
  mirror = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      copies.push(mirroredDeliverySchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.writeHead(mirrorStatus).end();
    });
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/deliveries`;
});

afterAll(async () => {
  mirror.closeAllConnections();
  await new Promise((resolve) => mirror.close(resolve));
});

beforeEach(() => {
  copies.length = 0;
  mirrorStatus = 202;
});

/** A sender that answers (or throws) what it is given, and remembers what it was asked. */
function delivery(answer: number | Error): CallbackSender & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    post: (...args) => {
      calls.push(args);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ status: answer });
    },
  };
}

describe('MirroredCallbackSender', () => {
  it.each([200, 500])('returns the try\'s own answer (%s) and copies the exact headers and body to the mirror', async (status) => {
    const errors: unknown[] = [];
    const inner = delivery(status);
    const headers = { ...HEADERS };
    const sender = new MirroredCallbackSender(inner, mirrorUrl, { onError: (e) => errors.push(e) });
    expect(await sender.post(URL_OF_TRY, BODY, headers)).toEqual({ status });
    expect(inner.calls).toEqual([[URL_OF_TRY, BODY, HEADERS]]);
    expect(copies).toEqual([{ callback_url: URL_OF_TRY, headers: HEADERS, body: BODY }]);
    expect(headers).toEqual(HEADERS);
    expect(errors).toEqual([]);
  });

  it('passes a refusal or a failure of the try through as the very same error, and still copies it', async () => {
    for (const error of [new CallbackRefusedError('Error: the callback URL points to a private or internal address.'), new Error('socket hang up')]) {
      const sender = new MirroredCallbackSender(delivery(error), mirrorUrl, { onError: () => undefined });
      await expect(sender.post(URL_OF_TRY, BODY, HEADERS)).rejects.toBe(error);
    }
    expect(copies).toHaveLength(2);
  });

  it('reports a copy the mirror refused, and leaves the try as it was', async () => {
    mirrorStatus = 500;
    const errors: unknown[] = [];
    const sender = new MirroredCallbackSender(delivery(204), mirrorUrl, { onError: (e) => errors.push(e) });
    expect(await sender.post(URL_OF_TRY, BODY, HEADERS)).toEqual({ status: 204 });
    expect(errors).toEqual([new Error('the callback mirror answered HTTP 500')]);
  });

  it('reports a mirror that is not there, or too slow, without failing or holding up the try for long', async () => {
    const errors: unknown[] = [];
    const down = new MirroredCallbackSender(delivery(200), 'http://127.0.0.1:1/deliveries', { onError: (e) => errors.push(e) });
    expect(await down.post(URL_OF_TRY, BODY, HEADERS)).toEqual({ status: 200 });
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const slow = new MirroredCallbackSender(delivery(200), mirrorUrl, { onError: (e) => errors.push(e), timeoutMs: 50, fetch: hanging });
    const started = Date.now();
    expect(await slow.post(URL_OF_TRY, BODY, HEADERS)).toEqual({ status: 200 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(errors).toHaveLength(2);
  });
});

describe('a callback service with a mirrored sender', () => {
  const JOB_ID = '6f1c2b9e-5d4a-4c3b-9a8f-1e2d3c4b5a69';
  const job = {
    id: JOB_ID, userId: 'user-1', status: 'failed', endpoint: 'cut', progress: 100, params: {}, inputs: [], output: null,
    error: { code: 'invalid_input', message: 'Error: bad.', param: null, hint: null },
    createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:01.000Z', startedAt: null, completedAt: '2025-01-01T00:00:01.000Z',
    callback: { url: URL_OF_TRY, baseUrl: 'https://api.example', attempts: [] },
  } as unknown as JobRecord;

  /** The tries a service records for one try answered `answer`, through the given sender. */
  async function recorded(answer: number | Error, wrap: (inner: CallbackSender) => CallbackSender): Promise<CallbackAttempt[]> {
    const stored = structuredClone(job);
    const jobs = {
      get: () => Promise.resolve(structuredClone(stored)),
      recordCallbackAttempt: (_id: string, attempt: CallbackAttempt) => Promise.resolve(Boolean(stored.callback?.attempts.push(attempt))),
    } as unknown as JobRepository;
    const now = () => new Date('2025-01-01T00:00:02.000Z');
    const service = new CallbackService(jobs, { secretFor: () => Promise.resolve('whsec_unit') }, { send: () => Promise.resolve() }, wrap(delivery(answer)), { retryBaseSeconds: 30, now });
    await service.deliver({ jobId: JOB_ID, userId: 'user-1', attempt: 1 });
    return stored.callback?.attempts ?? [];
  }

  it.each([
    ['was answered 2xx', 204],
    ['was answered 5xx', 503],
    ['was refused', new CallbackRefusedError('Error: the callback URL points to a private or internal address.')],
    ['got no answer', new Error('socket hang up')],
  ] as const)('records a try that %s exactly as without the mirror, and copies it', async (_case, answer) => {
    const plain = await recorded(answer, (inner) => inner);
    const mirrored = await recorded(answer, (inner) => new MirroredCallbackSender(inner, mirrorUrl, { onError: () => undefined }));
    expect(mirrored).toEqual(plain);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.headers['FrameForge-Event-Id']).toBe(`evt_${JOB_ID}_failed`);
  });
});
