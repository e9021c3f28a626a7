import { ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { Logger } from '../logging/logger';
import { QueueConsumer, type Disposition } from './queue-consumer';
import { ProtectionHolder, type TaskProtection } from './task-protection';

type Step = string;

/** A queue holding one job message; later receives wait until the consumer stops. */
function fakeQueue(steps: Step[]) {
  let received = false;
  const send = (command: { constructor: { name: string } }, options?: { abortSignal?: AbortSignal }) => {
    if (command instanceof ReceiveMessageCommand) {
      if (!received) {
        received = true;
        return Promise.resolve({ Messages: [{ Body: JSON.stringify({ jobId: 'job-1' }), ReceiptHandle: 'r-1', Attributes: { ApproximateReceiveCount: '1' } }] });
      }
      return new Promise((_, reject) => options?.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    steps.push(command.constructor.name.replace(/Command$/, ''));
    return Promise.resolve({});
  };
  return { send } as unknown as SQSClient;
}

/** Records each call of the port; `protect` fails when told to. */
function recordingProtection(steps: Step[], options: { protectFails?: boolean } = {}) {
  let released: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (released = resolve));
  const port: TaskProtection = {
    protect: () => {
      steps.push('protect');
      return options.protectFails ? Promise.reject(new Error('AccessDenied')) : Promise.resolve();
    },
    release: () => {
      steps.push('release');
      released();
      return Promise.resolve();
    },
  };
  return { port, done };
}

async function runOneJob(handle: (signal: AbortSignal) => Promise<Disposition>, options: { protectFails?: boolean; stopAfterMs?: number } = {}) {
  const steps: Step[] = [];
  const errors: string[] = [];
  const logged: Record<string, unknown>[] = [];
  const { port, done } = recordingProtection(steps, options);
  const consumer = new QueueConsumer({
    client: fakeQueue(steps),
    queueUrl: 'queue',
    schema: z.object({ jobId: z.string() }),
    concurrency: 1,
    visibilitySeconds: 30,
    onPoison: () => undefined,
    protection: new ProtectionHolder(port, 60_000, (action) => errors.push(action)),
    log: new Logger({ logLevel: 'SILENT' }),
    handle: async (_message, { signal, log }) => {
      steps.push('job');
      logged.push(log.getPersistentLogAttributes());
      return handle(signal);
    },
  });
  const running = consumer.run();
  if (options.stopAfterMs !== undefined) setTimeout(() => void consumer.stop(0), options.stopAfterMs);
  await done;
  await consumer.stop(0);
  await running;
  return { steps, errors, logged };
}

describe('the queue consumer protects its task while a job runs', () => {
  it('takes protection before the job and releases it once the message is deleted', async () => {
    const { steps, errors } = await runOneJob(() => Promise.resolve('delete'));
    expect(steps).toEqual(['protect', 'job', 'DeleteMessage', 'release']);
    expect(errors).toEqual([]);
  });

  it('hands the job a logger that puts its task id on each line', async () => {
    const { logged } = await runOneJob(() => Promise.resolve('delete'));
    expect(logged).toEqual([expect.objectContaining({ task_id: 'job-1' })]);
  });

  it('releases it when the job fails and goes back on the queue', async () => {
    const { steps } = await runOneJob(() => Promise.reject(new Error('ffmpeg crashed')));
    expect(steps).toEqual(['protect', 'job', 'ChangeMessageVisibility', 'release']);
  });

  it('releases it when the worker stops and hands the job back', async () => {
    const handBack = (signal: AbortSignal) =>
      new Promise<Disposition>((resolve) => signal.addEventListener('abort', () => resolve({ retryInSeconds: 0 })));
    const { steps } = await runOneJob(handBack, { stopAfterMs: 10 });
    expect(steps).toEqual(['protect', 'job', 'ChangeMessageVisibility', 'release']);
  });

  it('runs the job all the same when protection cannot be taken, and still releases', async () => {
    const { steps, errors } = await runOneJob(() => Promise.resolve('delete'), { protectFails: true });
    expect(steps).toEqual(['protect', 'job', 'DeleteMessage', 'release']);
    expect(errors).toEqual(['protect']);
  });
});

describe('how long a receive waits', () => {
  const waitsOf = async (receiveWaitSeconds?: number) => {
    const waits: unknown[] = [];
    const client = {
      send: (command: { input: { WaitTimeSeconds?: number } }, options?: { abortSignal?: AbortSignal }) => {
        waits.push(command.input.WaitTimeSeconds);
        return new Promise((_, reject) => options?.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    } as unknown as SQSClient;
    const consumer = new QueueConsumer({
      client,
      queueUrl: 'queue',
      schema: z.object({ jobId: z.string() }),
      concurrency: 1,
      visibilitySeconds: 30,
      onPoison: () => undefined,
      log: new Logger({ logLevel: 'SILENT' }),
      handle: () => Promise.resolve('delete' as Disposition),
      ...(receiveWaitSeconds === undefined ? {} : { receiveWaitSeconds }),
    });
    const running = consumer.run();
    await consumer.stop(0);
    await running;
    return waits;
  };

  it("is SQS's longest long poll unless told, and what it is told otherwise", async () => {
    await expect(waitsOf()).resolves.toEqual([20]);
    await expect(waitsOf(1)).resolves.toEqual([1]);
  });
});
