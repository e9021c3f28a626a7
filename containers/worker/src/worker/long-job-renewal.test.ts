import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { queues } from '@frameforge/functions/kernel/contracts/resources';
import type { JobLease as LeaseTerms, JobRepository } from '@frameforge/functions/jobs';
import { ffmpegTimeoutSeconds } from '../admission/admission';
import { JOB_WALL_CLOCK_SECONDS } from '../ffmpeg/run-limits';
import { Logger } from '../logging/logger';
import { JobLease } from './job-lease';
import { QueueConsumer } from './queue-consumer';
import { ProtectionHolder, type TaskProtection } from './task-protection';

/**
 * A job that runs far longer than the message's visibility, the job's lease
 * and the task's protection each last, with the worker's production
 * settings, on fake timers: none of the three may lapse while it runs.
 */
const VISIBILITY_SECONDS = queues.media.visibilityTimeoutSeconds;
const LEASE_SECONDS = Math.max(4, VISIBILITY_SECONDS - 3);
const PROTECTION_MINUTES = 60;
const MINUTE = 60_000;

/** Until when each of the three holds, as the services would see it. */
const held = { visibleAt: 0, leaseUntil: 0, protectedUntil: 0, deleted: false };

function fakeQueue(): SQSClient {
  let received = false;
  const send = (command: object, options?: { abortSignal?: AbortSignal }) => {
    if (command instanceof ReceiveMessageCommand) {
      if (received) return new Promise((_, reject) => options?.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))));
      received = true;
      held.visibleAt = Date.now() + (command.input.VisibilityTimeout ?? 0) * 1000;
      return Promise.resolve({ Messages: [{ Body: JSON.stringify({ jobId: 'long-job' }), ReceiptHandle: 'r-1', Attributes: { ApproximateReceiveCount: '1' } }] });
    }
    if (command instanceof ChangeMessageVisibilityCommand) held.visibleAt = Date.now() + (command.input.VisibilityTimeout ?? 0) * 1000;
    if (command instanceof DeleteMessageCommand) held.deleted = true;
    return Promise.resolve({});
  };
  return { send } as unknown as SQSClient;
}

const jobs = {
  extendLease: (_id: string, lease: LeaseTerms) => {
    held.leaseUntil = Date.parse(lease.until);
    return Promise.resolve(true);
  },
} as unknown as JobRepository;

const protection: TaskProtection = {
  protect: () => {
    held.protectedUntil = Date.now() + PROTECTION_MINUTES * MINUTE;
    return Promise.resolve();
  },
  release: () => {
    held.protectedUntil = 0;
    return Promise.resolve();
  },
};

afterEach(() => jest.useRealTimers());

describe('a job that runs for a long time', () => {
  it('keeps its message hidden, its lease and its task protection for the whole 25-minute run', async () => {
    jest.useFakeTimers();
    const lapses: string[] = [];
    const runMs = 25 * MINUTE;
    let finished = false;
    const consumer = new QueueConsumer({
      client: fakeQueue(),
      queueUrl: 'queue',
      schema: z.object({ jobId: z.string() }),
      concurrency: 1,
      visibilitySeconds: VISIBILITY_SECONDS,
      onPoison: () => undefined,
      protection: new ProtectionHolder(protection, (PROTECTION_MINUTES * MINUTE) / 3, () => undefined),
      log: new Logger({ logLevel: 'SILENT' }),
      handle: async () => {
        // The claim takes the lease; the lease renews itself, as processJob's does.
        held.leaseUntil = Date.parse(JobLease.until(new Date(), LEASE_SECONDS));
        const lease = new JobLease(jobs, 'long-job', 'worker-1', LEASE_SECONDS, () => new Date());
        const start = Date.now();
        const watch = setInterval(() => {
          const now = Date.now();
          const at = `${((now - start) / MINUTE).toFixed(1)} min`;
          if (held.visibleAt <= now) lapses.push(`visibility at ${at}`);
          if (held.leaseUntil <= now) lapses.push(`lease at ${at}`);
          if (held.protectedUntil <= now) lapses.push(`protection at ${at}`);
        }, 5000);
        await new Promise((resolve) => setTimeout(resolve, runMs));
        clearInterval(watch);
        lease.stop();
        finished = true;
        return 'delete';
      },
    });
    const running = consumer.run();
    await jest.advanceTimersByTimeAsync(runMs + MINUTE);
    expect(finished).toBe(true);
    expect(lapses).toEqual([]);
    expect(held.deleted).toBe(true);
    // Released once the job ended, and no renewal left running.
    expect(held.protectedUntil).toBe(0);
    await consumer.stop(0);
    await running;
    expect(jest.getTimerCount()).toBe(0);
  });

  it('has time limits that let a 10-minute 1080p re-encode run its 20+ minutes, and still end', () => {
    const limit = ffmpegTimeoutSeconds([{ durationSeconds: 600, width: 1920, height: 1080 }]);
    // A small worker may need 20 minutes or more; the limit leaves it several times that.
    expect(limit).toBeGreaterThan(3 * 20 * 60);
    // Yet every run ends inside the job's own wall clock, which ends before SQS's 12-hour hiding does.
    expect(limit).toBeLessThan(JOB_WALL_CLOCK_SECONDS);
  });
});
