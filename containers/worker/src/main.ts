import { createDocumentClient } from '@frameforge/functions/adapters/dynamodb/document-client';
import { DynamoDbJobRepository } from '@frameforge/functions/adapters/dynamodb/job-repository';
import { S3MediaStorage, createS3Client } from '@frameforge/functions/adapters/s3/media-storage';
import { createSqsClient } from '@frameforge/functions/adapters/sqs/media-job-queue';
import { queues } from '@frameforge/functions/contracts/resources';
import { hostname } from 'node:os';
import { loadWorkerConfig } from './config';
import { settleDeadLetter } from './worker/dead-letters';
import { finalFailure } from './worker/job-errors';
import { processJob } from './worker/process-job';
import { QueueConsumer, type Disposition } from './worker/queue-consumer';
import { sweepJobDirs } from './worker/work-dir';

const config = loadWorkerConfig();
const jobs = new DynamoDbJobRepository(createDocumentClient(config.AWS_REGION), config.TABLE_JOBS);
const storage = new S3MediaStorage(createS3Client(config.AWS_REGION, config.S3_FORCE_PATH_STYLE), config.BUCKET_MEDIA);
const workerId = `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
const visibility = config.WORKER_VISIBILITY_SECONDS;
// The lease ends a little before the message reappears, so the next delivery finds it free.
const leaseSeconds = Math.max(4, visibility - 3);

const consumer = new QueueConsumer({
  client: createSqsClient(config.AWS_REGION),
  queueUrl: config.QUEUE_MEDIA_URL,
  concurrency: config.WORKER_CONCURRENCY,
  visibilitySeconds: visibility,
  onPoison: (body, reason) => console.error(`dropped a message that is not a job (${reason}): ${body?.slice(0, 200)}`),
  handle: async (message, { receiveCount, signal }): Promise<Disposition> => {
    try {
      const outcome = await processJob(message, { jobs, storage, workDir: config.WORK_DIR, signal, workerId, leaseSeconds });
      console.log(`job ${message.jobId} ${outcome}`);
      if (outcome === 'released') return { retryInSeconds: 0 };
      // Another worker holds a live lease: look again once it would have run out.
      if (outcome === 'busy') return { retryInSeconds: leaseSeconds };
      return 'delete';
    } catch (error) {
      console.error(`job ${message.jobId} failed on try ${receiveCount}`, error);
      if (receiveCount < queues.media.maxReceiveCount) return { retryInSeconds: config.WORKER_RETRY_DELAY_SECONDS * receiveCount };
      // The last try: the job ends with its error, and the message is left to move to the dead-letter queue.
      await jobs.fail(message.jobId, finalFailure(error, receiveCount), new Date().toISOString());
      return { retryInSeconds: 0 };
    }
  },
});

/** Settled dead letters stay in the queue for inspection, hidden this long (the SQS maximum) between looks. */
const DEAD_LETTER_HIDE_SECONDS = 43_200;
const deadLetters = new QueueConsumer({
  client: createSqsClient(config.AWS_REGION),
  queueUrl: config.QUEUE_MEDIA_DLQ_URL,
  concurrency: 1,
  visibilitySeconds: 60,
  onPoison: (body, reason) => console.error(`dead-letter queue: not a job (${reason}): ${body?.slice(0, 200)}`),
  handle: async (message): Promise<Disposition> => {
    if (await settleDeadLetter(message, jobs, new Date())) console.error(`job ${message.jobId} failed: its message reached the dead-letter queue`);
    return { retryInSeconds: DEAD_LETTER_HIDE_SECONDS };
  },
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) {
      console.log(`${signal} again: handing running jobs back now`);
      consumer.stopNow();
      return;
    }
    stopping = true;
    console.log(`${signal}: finishing running jobs for up to ${config.WORKER_STOP_WINDOW_SECONDS} s`);
    void Promise.all([consumer.stop(config.WORKER_STOP_WINDOW_SECONDS * 1000), deadLetters.stop(0)]).then(() => process.exit(0));
    // A job that ignores being handed back must not keep the worker alive: its message returns by itself.
    setTimeout(() => process.exit(1), (config.WORKER_STOP_WINDOW_SECONDS + 10) * 1000).unref();
  });
}

void sweepJobDirs(config.WORK_DIR)
  .then((removed) => removed && console.log(`removed ${removed} folder(s) left by stopped workers`))
  .catch(() => undefined)
  .finally(() => {
    console.log('worker ready');
    void consumer.run();
    void deadLetters.run();
  });
