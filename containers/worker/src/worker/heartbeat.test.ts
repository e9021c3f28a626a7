import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { Logger } from '../logging/logger';
import { BEAT_INTERVAL_MS, FileHeartbeat, HEARTBEAT_MAX_AGE_SECONDS, heartbeatIsFresh } from './heartbeat';
import { QueueConsumer } from './queue-consumer';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'heartbeat-'));
});
afterEach(() => {
  jest.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('the heartbeat file', () => {
  it('is fresh right after a beat and stale once older than the limit', () => {
    const file = join(dir, 'beat');
    new FileHeartbeat(file).beat();
    const beatAt = statSync(file).mtimeMs;
    expect(heartbeatIsFresh(file, beatAt + 1000)).toBe(true);
    expect(heartbeatIsFresh(file, beatAt + HEARTBEAT_MAX_AGE_SECONDS * 1000)).toBe(true);
    expect(heartbeatIsFresh(file, beatAt + HEARTBEAT_MAX_AGE_SECONDS * 1000 + 1)).toBe(false);
  });

  it('counts a loop that never beat as unhealthy', () => {
    expect(heartbeatIsFresh(join(dir, 'never-written'))).toBe(false);
  });

  it('reports a beat it cannot write instead of throwing into the job loop', () => {
    const errors: unknown[] = [];
    new FileHeartbeat(join(dir, 'missing-folder', 'beat'), (error) => errors.push(error)).beat();
    expect(errors).toHaveLength(1);
  });
});

/** One job message, then receives that wait until the consumer stops. */
function oneMessageQueue(): SQSClient {
  let received = false;
  const send = (command: object, options?: { abortSignal?: AbortSignal }) => {
    if (!(command instanceof ReceiveMessageCommand)) return Promise.resolve({});
    if (received) return new Promise((_, reject) => options?.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))));
    received = true;
    return Promise.resolve({ Messages: [{ Body: JSON.stringify({ jobId: 'job-1' }), ReceiptHandle: 'r-1' }] });
  };
  return { send } as unknown as SQSClient;
}

describe('the job loop beats', () => {
  it('at every turn, and every interval while a long job holds its only slot', async () => {
    jest.useFakeTimers();
    const beats: number[] = [];
    let finishJob: () => void = () => undefined;
    const job = new Promise<void>((resolve) => (finishJob = resolve));
    const consumer = new QueueConsumer({
      client: oneMessageQueue(),
      queueUrl: 'queue',
      schema: z.object({ jobId: z.string() }),
      concurrency: 1,
      visibilitySeconds: 30,
      onPoison: () => undefined,
      log: new Logger({ logLevel: 'SILENT' }),
      heartbeat: { beat: () => beats.push(Date.now()) },
      handle: async () => {
        await job;
        return 'delete';
      },
    });
    const running = consumer.run();
    const start = Date.now();
    await jest.advanceTimersByTimeAsync(4 * BEAT_INTERVAL_MS);
    // The first turn received the job; the loop then beat once per interval while it ran.
    const duringJob = beats.filter((at) => at > start);
    expect(duringJob.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < duringJob.length; i++) expect(duringJob[i]! - duringJob[i - 1]!).toBeLessThanOrEqual(BEAT_INTERVAL_MS);

    finishJob();
    await jest.advanceTimersByTimeAsync(0);
    const stopped = consumer.stop(0);
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all([stopped, running]);
    const afterStop = beats.length;
    await jest.advanceTimersByTimeAsync(4 * BEAT_INTERVAL_MS);
    expect(beats).toHaveLength(afterStop);
  });
});
