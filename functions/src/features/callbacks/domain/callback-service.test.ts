import type { CallbackDeliveryMessage } from '../contracts/callback-deliveries';
import type { CallbackAttempt, JobRecord, JobRepository } from '../../jobs/domain/job';
import type { CallbackEvent } from './callback-event';
import { CallbackRefusedError, CallbackService, retryDelaySeconds, type CallbackSender } from './callback-service';
import { verifyCallback } from './callback-signature';

const JOB_ID = '6f1c2b9e-5d4a-4c3b-9a8f-1e2d3c4b5a69';
const USER = 'user-1';
const SECRET = 'whsec_unit';
const NOW = new Date('2025-01-01T00:00:00.000Z');

function endedJob(overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id: JOB_ID,
    userId: USER,
    apiKeyId: 'key-1',
    endpoint: 'cut',
    tier: 'basic',
    status: 'completed',
    progress: 100,
    params: { start: 0 },
    inputs: [],
    output: { key: 'out', fileName: 'out.mp4', size: 20, mediaType: 'video/mp4', duration: 2, expiresAt: '2025-01-08T00:00:00.000Z' },
    error: null,
    attempts: 1,
    createdAt: '2024-12-31T23:59:00.000Z',
    updatedAt: '2024-12-31T23:59:30.000Z',
    startedAt: '2024-12-31T23:59:01.000Z',
    completedAt: '2024-12-31T23:59:30.000Z',
    expiresAt: 0,
    callback: { url: 'https://receiver.example/hook', baseUrl: 'https://api.example', attempts: [] },
    ...overrides,
  };
}

/** Only what the service uses: reading a job and appending a try under the same rule as the table. */
class FakeJobs {
  readonly records = new Map<string, JobRecord>();
  get = (id: string) => Promise.resolve(structuredClone(this.records.get(id)));
  recordCallbackAttempt = (id: string, attempt: CallbackAttempt) => {
    const callback = this.records.get(id)?.callback;
    if (!callback || callback.attempts.length !== attempt.attempt - 1) return Promise.resolve(false);
    callback.attempts.push(attempt);
    return Promise.resolve(true);
  };
}

interface Posted {
  url: string;
  body: string;
  headers: Record<string, string>;
}

function setup(answers: (number | Error)[], job = endedJob()) {
  const jobs = new FakeJobs();
  jobs.records.set(job.id, job);
  const sent: { message: CallbackDeliveryMessage; delaySeconds: number }[] = [];
  const posted: Posted[] = [];
  const sender: CallbackSender = {
    post: (url, body, headers) => {
      posted.push({ url, body, headers });
      const answer = answers.shift() ?? 200;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ status: answer });
    },
  };
  const service = new CallbackService(
    jobs as unknown as JobRepository,
    { secretFor: (userId) => Promise.resolve(`${SECRET}-${userId}`) },
    { send: (message, delaySeconds) => Promise.resolve(void sent.push({ message, delaySeconds })) },
    sender,
    { retryBaseSeconds: 30, now: () => NOW },
  );
  const attempts = () => jobs.records.get(job.id)?.callback?.attempts ?? [];
  return { jobs, service, sent, posted, attempts };
}

const message = (attempt: number): CallbackDeliveryMessage => ({ jobId: JOB_ID, userId: USER, attempt });

describe('CallbackService.jobEnded', () => {
  it.each(['completed', 'failed', 'canceled'] as const)('queues the first try, at once, for a %s job with a callback', async (status) => {
    const { service, sent } = setup([], endedJob({ status }));
    expect(await service.jobEnded(endedJob({ status }))).toBe(true);
    expect(sent).toEqual([{ message: message(1), delaySeconds: 0 }]);
  });

  it('queues nothing without a callback, for a waiting or running job, or once tries were made', async () => {
    const { service, sent } = setup([]);
    const tried: CallbackAttempt = { attempt: 1, at: NOW.toISOString(), status: 500, ok: false, error: 'x', next_attempt_at: null };
    for (const job of [
      endedJob({ callback: null }),
      endedJob({ callback: undefined }),
      endedJob({ status: 'processing' }),
      endedJob({ status: 'queued' }),
      endedJob({ callback: { url: 'https://r.example', baseUrl: 'https://api.example', attempts: [tried] } }),
    ]) {
      expect(await service.jobEnded(job)).toBe(false);
    }
    expect(sent).toEqual([]);
  });
});

describe('CallbackService.deliver', () => {
  it('POSTs the signed task event and records the successful try', async () => {
    const { service, posted, sent, attempts } = setup([204]);
    expect(await service.deliver(message(1))).toBe('delivered');
    expect(posted).toHaveLength(1);
    const [{ url, body, headers }] = posted as [Posted];
    expect(url).toBe('https://receiver.example/hook');
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'User-Agent': 'FrameForge-Callbacks/1',
      'FrameForge-Event-Id': `evt_${JOB_ID}_completed`,
    });
    expect(headers['FrameForge-Signature']).toMatch(new RegExp(`^t=${NOW.getTime() / 1000},v1=[0-9a-f]{64}$`));
    expect(verifyCallback(`${SECRET}-${USER}`, headers['FrameForge-Signature'], body, { nowSeconds: NOW.getTime() / 1000 })).toBe(true);
    const event = JSON.parse(body) as CallbackEvent;
    expect(event).toMatchObject({ id: `evt_${JOB_ID}_completed`, type: 'task.completed', created_at: '2024-12-31T23:59:30.000Z' });
    expect(event.data).toMatchObject({ id: JOB_ID, status: 'completed', links: { self: `https://api.example/task/${JOB_ID}` } });
    expect(event.data.output?.file_url).toBe(`https://api.example/task/${JOB_ID}/download`);
    expect(attempts()).toEqual([{ attempt: 1, at: NOW.toISOString(), status: 204, ok: true, error: null, next_attempt_at: null }]);
    expect(sent).toEqual([]);
  });

  it('announces a failed job as task.failed with its error', async () => {
    const error = { code: 'invalid_input', message: 'Error: bad.', param: 'start', hint: null };
    const { service, posted } = setup([200], endedJob({ status: 'failed', output: null, error }));
    expect(await service.deliver(message(1))).toBe('delivered');
    const event = JSON.parse(posted[0]?.body ?? '') as CallbackEvent;
    expect(event).toMatchObject({ id: `evt_${JOB_ID}_failed`, type: 'task.failed', data: { status: 'failed', error } });
    expect(posted[0]?.headers['FrameForge-Event-Id']).toBe(`evt_${JOB_ID}_failed`);
  });

  it('announces a canceled job as task.canceled, with when it was canceled and no output', async () => {
    const at = '2024-12-31T23:59:10.000Z';
    const { service, posted } = setup([200], endedJob({ status: 'canceled', output: null, canceledAt: at, completedAt: at }));
    expect(await service.deliver(message(1))).toBe('delivered');
    const event = JSON.parse(posted[0]?.body ?? '') as CallbackEvent;
    expect(event).toMatchObject({ id: `evt_${JOB_ID}_canceled`, type: 'task.canceled', created_at: at, data: { status: 'canceled', canceled_at: at, output: null } });
    expect(verifyCallback(`${SECRET}-${USER}`, posted[0]?.headers['FrameForge-Signature'] ?? '', posted[0]?.body ?? '', { nowSeconds: NOW.getTime() / 1000 })).toBe(true);
  });

  it('records a non-2xx answer and queues the next try with the backoff', async () => {
    const { service, sent, attempts } = setup([500, 200]);
    expect(await service.deliver(message(1))).toBe('retrying');
    expect(attempts()).toEqual([
      { attempt: 1, at: NOW.toISOString(), status: 500, ok: false, error: 'Error: the callback URL answered HTTP 500.', next_attempt_at: '2025-01-01T00:00:30.000Z' },
    ]);
    expect(sent).toEqual([{ message: message(2), delaySeconds: 30 }]);
    expect(await service.deliver(message(2))).toBe('delivered');
    expect(attempts().map((a) => [a.attempt, a.ok, a.status])).toEqual([[1, false, 500], [2, true, 200]]);
    expect(sent).toHaveLength(1);
  });

  it('retries a try that got no answer, with the error as the sender gave it', async () => {
    const { service, sent, attempts } = setup([new Error('Error: the callback URL did not answer within 10 s.'), new Error('socket hang up')]);
    expect(await service.deliver(message(1))).toBe('retrying');
    expect(await service.deliver(message(2))).toBe('retrying');
    expect(attempts().map((a) => [a.status, a.error])).toEqual([
      [null, 'Error: the callback URL did not answer within 10 s.'],
      [null, 'Error: the callback URL could not be reached (socket hang up).'],
    ]);
    expect(sent.map((s) => [s.message.attempt, s.delaySeconds])).toEqual([[2, 30], [3, 90]]);
  });

  it('gives up after six tries, the delays growing threefold up to 15 minutes', async () => {
    const { service, sent, attempts, posted } = setup([500, 502, 503, 500, 500, 500, 200]);
    const outcomes = [];
    for (let n = 1; n <= 6; n++) outcomes.push(await service.deliver(message(n)));
    expect(outcomes).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'retrying', 'given_up']);
    expect(sent.map((s) => s.delaySeconds)).toEqual([30, 90, 270, 810, 900]);
    expect(attempts()).toHaveLength(6);
    expect(attempts()[5]).toMatchObject({ attempt: 6, ok: false, status: 500, next_attempt_at: null });
    expect(posted).toHaveLength(6);
  });

  it('records a refused address once and does not retry it', async () => {
    const refusal = new CallbackRefusedError('Error: the URL leads to an internal address, which is not allowed.');
    const { service, sent, attempts } = setup([refusal]);
    expect(await service.deliver(message(1))).toBe('refused');
    expect(attempts()).toEqual([
      { attempt: 1, at: NOW.toISOString(), status: null, ok: false, error: refusal.message, next_attempt_at: null },
    ]);
    expect(sent).toEqual([]);
  });

  it('does not post a try twice, nor after a success, nor for another user or a job without a callback', async () => {
    const { service, posted, jobs } = setup([500, 200]);
    await service.deliver(message(1));
    expect(await service.deliver(message(1))).toBe('skipped');
    await service.deliver(message(2));
    expect(await service.deliver(message(3))).toBe('skipped');
    expect(await service.deliver({ ...message(1), userId: 'someone-else' })).toBe('skipped');
    expect(await service.deliver({ ...message(1), jobId: '00000000-0000-4000-8000-000000000000' })).toBe('skipped');
    jobs.records.set(JOB_ID, endedJob({ callback: null }));
    expect(await service.deliver(message(1))).toBe('skipped');
    jobs.records.set(JOB_ID, endedJob({ status: 'processing' }));
    expect(await service.deliver(message(1))).toBe('skipped');
    expect(posted).toHaveLength(2);
  });

  it('skips a try whose predecessor is not recorded (out of order)', async () => {
    const { service, posted } = setup([200]);
    expect(await service.deliver(message(2))).toBe('skipped');
    expect(posted).toEqual([]);
  });

  it('queues the next try again when a redelivered message finds its try recorded but the delivery stalled', async () => {
    const { service, sent, posted } = setup([500]);
    await service.deliver(message(1));
    sent.length = 0;
    // Received again for the first time elsewhere (a duplicate): nothing.
    expect(await service.deliver(message(1))).toBe('skipped');
    expect(sent).toEqual([]);
    // Received again after a crash: the next try goes out, the recorded one is not posted again.
    expect(await service.deliver(message(1), { redelivered: true })).toBe('skipped');
    expect(sent).toEqual([{ message: message(2), delaySeconds: 30 }]);
    expect(posted).toHaveLength(1);
  });

  it('leaves a try recorded meanwhile by a duplicate as it is', async () => {
    const { service, jobs, sent } = setup([500]);
    const duplicate: CallbackAttempt = { attempt: 1, at: NOW.toISOString(), status: 200, ok: true, error: null, next_attempt_at: null };
    // The duplicate records its try while this one is posting.
    jobs.recordCallbackAttempt = ((original) => (id: string, attempt: CallbackAttempt) =>
      original(id, duplicate).then(() => original(id, attempt)))(jobs.recordCallbackAttempt);
    expect(await service.deliver(message(1))).toBe('skipped');
    expect(sent).toEqual([]);
  });
});

describe('CallbackService.deliver, a resend the owner asked for', () => {
  const ok = (attempt: number): CallbackAttempt => ({ attempt, at: '2024-12-31T23:59:31.000Z', status: 200, ok: true, error: null, next_attempt_at: null });

  it('posts the same signed event again after a success, and records it as the next try', async () => {
    const { service, posted, sent, attempts } = setup([200], endedJob({ callback: { url: 'https://receiver.example/hook', baseUrl: 'https://api.example', attempts: [ok(1)] } }));
    expect(await service.deliver({ ...message(2), resend: true })).toBe('delivered');
    expect(posted[0]?.headers['FrameForge-Event-Id']).toBe(`evt_${JOB_ID}_completed`);
    expect(verifyCallback(`${SECRET}-${USER}`, posted[0]?.headers['FrameForge-Signature'], posted[0]?.body ?? '', { nowSeconds: NOW.getTime() / 1000 })).toBe(true);
    expect(attempts()).toEqual([ok(1), { attempt: 2, at: NOW.toISOString(), status: 200, ok: true, error: null, next_attempt_at: null }]);
    expect(sent).toEqual([]);
  });

  it('records a failed resend without queueing a retry', async () => {
    const { service, sent, attempts } = setup([500], endedJob({ callback: { url: 'https://receiver.example/hook', baseUrl: 'https://api.example', attempts: [ok(1)] } }));
    expect(await service.deliver({ ...message(2), resend: true })).toBe('given_up');
    expect(attempts()[1]).toMatchObject({ attempt: 2, status: 500, ok: false, next_attempt_at: null });
    expect(sent).toEqual([]);
  });

  it('posts a resend only once when its message comes twice', async () => {
    const { service, posted } = setup([200, 200], endedJob({ callback: { url: 'https://receiver.example/hook', baseUrl: 'https://api.example', attempts: [ok(1)] } }));
    expect(await service.deliver({ ...message(2), resend: true })).toBe('delivered');
    expect(await service.deliver({ ...message(2), resend: true }, { redelivered: true })).toBe('skipped');
    expect(posted).toHaveLength(1);
  });
});

describe('retryDelaySeconds', () => {
  it('grows threefold from the base and stops at the SQS maximum', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelaySeconds(30, n))).toEqual([30, 90, 270, 810, 900, 900]);
    expect([1, 2, 3].map((n) => retryDelaySeconds(1, n))).toEqual([1, 3, 9]);
  });
});
