import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDbCallbackSecretStore } from '@frameforge/functions/features/callbacks/adapters/dynamodb/callback-secret-store';
import type { CallbackEvent } from '@frameforge/functions/features/callbacks/domain/callback-event';
import { verifyCallback } from '@frameforge/functions/features/callbacks/domain/callback-signature';
import type { CallbackAttempt } from '@frameforge/functions/features/jobs/domain/job';
import { eventually, holdsFor } from '../support/eventually';
import { startFixtureServer, type FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { makeTestVideo } from '../support/media';
import { testServices } from '../support/services';
import { jobs, submitJob } from '../support/worker-jobs';

const services = testServices();
const secrets = new DynamoDbCallbackSecretStore(
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  ),
  services.resources.tables.TABLE_CALLBACK_SECRETS ?? '',
);
let receiver: FixtureServer;
let clip = '';

const eventOf = (request: RecordedRequest) => JSON.parse(request.body.toString('utf8')) as CallbackEvent;
const deliveriesOf = (jobId: string) => receiver.requests.filter((r) => r.method === 'POST' && eventOf(r).data.id === jobId);
const header = (request: RecordedRequest, name: string) => request.headers[name.toLowerCase()] as string | undefined;

/**
 * Polls the job until `count` callback tries are recorded on it. The job waits its turn behind whatever the
 * stack's one worker still runs for earlier suites, hence the generous limit; a miss says where the job stood.
 */
function attemptsOf(jobId: string, count: number, timeoutMs = 45_000): Promise<CallbackAttempt[]> {
  return eventually(
    async () => {
      const job = await jobs.get(jobId);
      const attempts = job?.callback?.attempts ?? [];
      if (attempts.length < count) throw new Error(`${attempts.length} callback tries, expected ${count} (job ${job?.status ?? 'missing'}, progress ${job?.progress ?? '-'})`);
      return attempts;
    },
    { timeoutMs, intervalMs: 150, what: `job ${jobId}'s callback tries` },
  );
}

/**
 * Proves an absence: no further try comes. The deliveries and the tries recorded on each job
 * stay as they are over a window long enough for a retry (1 s locally) to have shown up, had
 * one been queued, checked all through it.
 */
function noFurtherTry(expected: { jobId: string; deliveries: number; tries: number }[]): Promise<void> {
  return holdsFor(
    async () => {
      for (const { jobId, deliveries, tries } of expected) {
        if (deliveriesOf(jobId).length !== deliveries) return false;
        if (((await jobs.get(jobId))?.callback?.attempts ?? []).length !== tries) return false;
      }
      return true;
    },
    { forMs: 2500, what: 'no further callback try' },
  );
}

beforeAll(async () => {
  receiver = await startFixtureServer();
  clip = join(mkdtempSync(join(tmpdir(), 'callbacks-')), 'clip.mp4');
  await makeTestVideo(clip, 2);
});

afterAll(async () => {
  await receiver.close();
});

describe('callback_url deliveries', () => {
  it('POSTs one signed event per ended job, completed or failed', async () => {
    receiver.route('/hook', () => ({ status: 200, body: 'ok' }));
    const userId = `callbacks-${randomUUID()}`;
    const callbackUrl = `${receiver.origin}/hook`;
    const [completed, failed] = await Promise.all([
      submitJob('cut', { duration: 1 }, [{ role: 'file', path: clip }], { userId, callbackUrl }),
      submitJob('cut', { start: 100 }, [{ role: 'file', path: clip }], { userId, callbackUrl }),
    ]);
    const [completedTries, failedTries] = await Promise.all([attemptsOf(completed.id, 1), attemptsOf(failed.id, 1)]);
    await noFurtherTry([
      { jobId: completed.id, deliveries: 1, tries: 1 },
      { jobId: failed.id, deliveries: 1, tries: 1 },
    ]);

    const secret = await secrets.secretFor(userId);
    expect(secret).toMatch(/^whsec_/);
    for (const [job, type] of [[completed, 'task.completed'], [failed, 'task.failed']] as const) {
      const deliveries = deliveriesOf(job.id);
      expect(deliveries).toHaveLength(1);
      const [delivery] = deliveries as [RecordedRequest];
      expect(delivery.path).toBe('/hook');
      expect(header(delivery, 'Content-Type')).toBe('application/json');
      expect(header(delivery, 'User-Agent')).toBe('FrameForge-Callbacks/1');
      const status = type === 'task.completed' ? 'completed' : 'failed';
      expect(header(delivery, 'FrameForge-Event-Id')).toBe(`evt_${job.id}_${status}`);
      expect(verifyCallback(secret, header(delivery, 'FrameForge-Signature'), delivery.body)).toBe(true);
      expect(verifyCallback(`${secret}x`, header(delivery, 'FrameForge-Signature'), delivery.body)).toBe(false);
      const event = eventOf(delivery);
      expect(event).toMatchObject({ id: `evt_${job.id}_${status}`, type, data: { id: job.id, status, links: { self: `http://api.test/task/${job.id}` } } });
      expect(event.created_at).toBe(event.data.completed_at);
      // Each job's own record shows the delivery.
      expect((await jobs.get(job.id))?.callback?.attempts).toHaveLength(1);
    }
    expect(eventOf(deliveriesOf(completed.id)[0] as RecordedRequest).data.output).toMatchObject({
      file_url: `http://api.test/task/${completed.id}/download`,
      media_type: 'video/mp4',
    });
    expect(eventOf(deliveriesOf(failed.id)[0] as RecordedRequest).data).toMatchObject({ output: null, error: { code: 'start_out_of_range', param: 'start' } });
    for (const tries of [completedTries, failedTries]) {
      expect(tries).toEqual([{ attempt: 1, at: expect.any(String), status: 200, ok: true, error: null, next_attempt_at: null }]);
    }
  });

  it('tries again after a failed delivery, and records both tries', async () => {
    let answered = 0;
    receiver.route('/flaky', () => (answered++ === 0 ? { status: 500, body: 'down' } : { status: 200 }));
    const userId = `callbacks-${randomUUID()}`;
    const job = await submitJob('cut', { duration: 1 }, [{ role: 'file', path: clip }], { userId, callbackUrl: `${receiver.origin}/flaky` });
    const tries = await attemptsOf(job.id, 2);
    await noFurtherTry([{ jobId: job.id, deliveries: 2, tries: 2 }]);

    expect(tries).toEqual([
      { attempt: 1, at: expect.any(String), status: 500, ok: false, error: 'Error: the callback URL answered HTTP 500.', next_attempt_at: expect.any(String) },
      { attempt: 2, at: expect.any(String), status: 200, ok: true, error: null, next_attempt_at: null },
    ]);
    const [first, second] = tries as [CallbackAttempt, CallbackAttempt];
    // The retry waited for its backoff (1 s locally) and was made no sooner than announced.
    expect(Date.parse(first.next_attempt_at ?? '') - Date.parse(first.at)).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(second.at)).toBeGreaterThanOrEqual(Date.parse(first.next_attempt_at ?? '') - 100);

    const deliveries = deliveriesOf(job.id);
    expect(deliveries).toHaveLength(2);
    const secret = await secrets.secretFor(userId);
    for (const delivery of deliveries) {
      expect(header(delivery, 'FrameForge-Event-Id')).toBe(`evt_${job.id}_completed`);
      expect(verifyCallback(secret, header(delivery, 'FrameForge-Signature'), delivery.body)).toBe(true);
    }
  });

  it('records a callback URL on an internal address as refused, sends nothing and does not retry', async () => {
    const before = receiver.requests.length;
    const job = await submitJob('cut', { start: 100 }, [{ role: 'file', path: clip }], { callbackUrl: 'http://127.0.0.1:1/' });
    await attemptsOf(job.id, 1);
    await noFurtherTry([{ jobId: job.id, deliveries: 0, tries: 1 }]);

    expect((await jobs.get(job.id))?.callback?.attempts).toEqual([
      {
        attempt: 1,
        at: expect.any(String),
        status: null,
        ok: false,
        error: 'Error: the callback URL points to a private or internal address.',
        next_attempt_at: null,
      },
    ]);
    expect(receiver.requests.slice(before)).toEqual([]);
  });

  it('gives concurrent first readers of a new secret the same one', async () => {
    const userId = `callbacks-${randomUUID()}`;
    const read = await Promise.all([secrets.secretFor(userId), secrets.secretFor(userId), secrets.secretFor(userId)]);
    expect(read[0]).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(new Set(read).size).toBe(1);
    expect(await secrets.secretFor(userId)).toBe(read[0]);
  });
});
