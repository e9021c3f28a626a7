import {
  CallbackService,
  createDocumentClient,
  createNotifications,
  createS3Client,
  createSqsClient,
  DynamoDbCallbackSecretStore,
  DynamoDbJobRepository,
  DynamoDbJobSlotStore,
  HttpCallbackSender,
  MirroredCallbackSender,
  S3MediaStorage,
  S3PartUploads,
  safeDownload,
  SqsCallbackQueue,
  withUnsignedPayloads,
  type JobRecord,
} from '@frameforge/functions/jobs';
import { queuedJobSchema } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { queues } from '@frameforge/functions/kernel/contracts/resources';
import { WORKER_HAND_BACK_SECONDS } from '@frameforge/functions/features/jobs/contracts/worker-lifecycle';
import { hostname } from 'node:os';
import { EcsAgentTaskProtection } from './adapters/ecs-agent-task-protection';
import { loadWorkerConfig } from './config';
import { workerLogger as logger, type Logger } from './logging/logger';
import { createProviders } from './providers';
import { announceEnded, callbackConsumer } from './worker/callback-deliveries';
import { settleDeadLetter } from './worker/dead-letters';
import { FileHeartbeat } from './worker/heartbeat';
import { finalFailure } from './worker/job-errors';
import { dropKept } from './worker/kept-outputs';
import type { UrlFetcher } from './worker/job-inputs';
import { workerNotices } from './worker/notices';
import { processJob } from './worker/process-job';
import { QueueConsumer, type Disposition } from './worker/queue-consumer';
import { noTaskProtection, ProtectionHolder } from './worker/task-protection';
import { sweepJobDirs } from './worker/work-dir';

const config = loadWorkerConfig();
const documentClient = createDocumentClient(config.AWS_REGION);
const sqs = createSqsClient(config.AWS_REGION);
const jobs = new DynamoDbJobRepository(documentClient, config.TABLE_JOBS);
const callbackSender = new HttpCallbackSender(config.FETCH_ALLOW_HOSTS);
// With a mirror configured, each signed try is also copied there; the try and its record stay the same.
const mirroredSender = config.CALLBACK_MIRROR_URL
  ? new MirroredCallbackSender(callbackSender, config.CALLBACK_MIRROR_URL, { onError: (error) => logger.warn('callback mirror: the copy was not taken', { error }) })
  : callbackSender;
const callbacks = new CallbackService(
  jobs,
  new DynamoDbCallbackSecretStore(documentClient, config.TABLE_CALLBACK_SECRETS),
  new SqsCallbackQueue(sqs, config.QUEUE_CALLBACKS_URL),
  mirroredSender,
  { retryBaseSeconds: config.CALLBACK_RETRY_BASE_SECONDS },
);
// The worker sends bodies and presigns nothing a browser uses: its bodies go unsigned (TLS guards them).
const s3 = withUnsignedPayloads(createS3Client(config.AWS_REGION, config.S3_FORCE_PATH_STYLE));
const partBytes = config.WORKER_UPLOAD_PART_MIB * 1024 ** 2;
const partUploads = new S3PartUploads(s3, config.BUCKET_MEDIA);
const storage = new S3MediaStorage(s3, config.BUCKET_MEDIA, {
  partSizeBytes: partBytes,
  queueSize: config.WORKER_UPLOAD_QUEUE_SIZE,
  inMemoryBytes: config.WORKER_UPLOAD_IN_MEMORY_MIB * 1024 ** 2,
});
/** URL inputs: public addresses only, streamed to disk, at most the plan's largest file and an hour each. */
const fetchUrl: UrlFetcher = (url, destination, maxBytes) =>
  safeDownload(url, destination, { maxBytes, timeoutMs: 3_600_000, allowHosts: config.FETCH_ALLOW_HOSTS });
const slots = new DynamoDbJobSlotStore(documentClient, config.TABLE_USAGE_COUNTERS);
const providers = createProviders(config);
const notices = workerNotices(createNotifications(documentClient, config), jobs);
/**
 * A job ended (here or earlier): its callback is queued and, if it failed,
 * its owner told by e-mail. Its outcome reaches its requests' log rows from
 * the job's record itself (the request-logs feature reads the jobs table's
 * change stream), so the worker writes no portal table.
 */
const ended = async (jobId: string, log: Logger, endedHere: boolean) => {
  await announceEnded(jobId, jobs, callbacks, log);
  await notices.ended(jobId, log, endedHere);
};
/** How often a job waiting for one of its user's slots looks again. */
const SLOT_WAIT_SECONDS = 3;
const workerId = `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
const visibility = config.WORKER_VISIBILITY_SECONDS;
// The lease ends a little before the message reappears, so the next delivery finds it free.
const leaseSeconds = Math.max(4, visibility - 3);

// On ECS the task is kept from scale-in and deployments while a job runs; locally there is no task.
const taskProtection = config.ECS_AGENT_URI
  ? new EcsAgentTaskProtection({ agentUri: config.ECS_AGENT_URI, expiresInMinutes: config.WORKER_PROTECTION_MINUTES })
  : noTaskProtection;
const protection = new ProtectionHolder(taskProtection, (config.WORKER_PROTECTION_MINUTES * 60_000) / 3, (action, error) =>
  logger.warn(`task protection: ${action} failed, the job goes on`, { error }),
);

const consumer = new QueueConsumer({
  protection,
  ...(config.WORKER_HEARTBEAT_FILE
    ? { heartbeat: new FileHeartbeat(config.WORKER_HEARTBEAT_FILE, (error) => logger.warn('heartbeat not written', { error })) }
    : {}),
  client: sqs,
  queueUrl: config.QUEUE_MEDIA_URL,
  schema: queuedJobSchema,
  concurrency: config.WORKER_CONCURRENCY,
  visibilitySeconds: visibility,
  receiveWaitSeconds: config.WORKER_RECEIVE_WAIT_SECONDS,
  onPoison: (body, reason) => logger.error('dropped a message that is not a job', { reason, body: body?.slice(0, 200) }),
  handle: async (message, { receiveCount, signal, log }): Promise<Disposition> => {
    try {
      const onWaiting = (job: JobRecord) => notices.waiting(job, log);
      const outcome = await processJob(message, { jobs, storage, partUploads, partBytes, streamInputs: true, workDir: config.WORK_DIR, signal, workerId, leaseSeconds, fetchUrl, slots, providers, log, onWaiting });
      log.info(`job ${outcome}`, { outcome, try: receiveCount });
      if (outcome === 'released') return { retryInSeconds: 0 };
      // The user's other jobs hold every slot of their plan: look again shortly, without using up a try.
      if (outcome === 'waiting') return { requeueInSeconds: SLOT_WAIT_SECONDS };
      // Another worker holds a live lease: look again once it would have run out.
      if (outcome === 'busy') return { retryInSeconds: leaseSeconds };
      // Skipped: the job ended before (a queued task its owner canceled, or one whose worker died before queueing its
      // callback); announcing again queues it only when no try was made (receivers dedupe on the event id).
      // Canceled while it ran: it stopped here, kept nothing and freed its slot; it is announced as it ended, never retried.
      if (outcome === 'done' || outcome === 'skipped' || outcome === 'canceled') await ended(message.jobId, log, outcome !== 'skipped');
      return 'delete';
    } catch (error) {
      log.error('job failed', { try: receiveCount, error });
      if (receiveCount < queues.media.maxReceiveCount) return { retryInSeconds: config.WORKER_RETRY_DELAY_SECONDS * receiveCount };
      // The last try: the job ends with its error's cause and its request id, and the message is left to move to the
      // dead-letter queue. A result kept for a next try has none to wait for.
      await jobs.fail(message.jobId, finalFailure(error, receiveCount, message.requestId), new Date().toISOString());
      await dropKept(config.WORK_DIR, message.jobId).catch(() => undefined);
      await ended(message.jobId, log, true);
      return { retryInSeconds: 0 };
    }
  },
});

/** Settled dead letters stay in the queue for inspection, hidden this long (the SQS maximum) between looks. */
const DEAD_LETTER_HIDE_SECONDS = 43_200;
const deadLetters = new QueueConsumer({
  client: sqs,
  queueUrl: config.QUEUE_MEDIA_DLQ_URL,
  schema: queuedJobSchema,
  concurrency: 1,
  visibilitySeconds: 60,
  receiveWaitSeconds: config.WORKER_RECEIVE_WAIT_SECONDS,
  onPoison: (body, reason) => logger.error('dead-letter queue: not a job', { reason, body: body?.slice(0, 200) }),
  handle: async (message, { log }): Promise<Disposition> => {
    if (await settleDeadLetter(message, jobs, new Date())) {
      log.error('job failed: its message reached the dead-letter queue');
      await ended(message.jobId, log, true);
    }
    return { retryInSeconds: DEAD_LETTER_HIDE_SECONDS };
  },
});

const callbackDeliveries = callbackConsumer({
  client: sqs,
  queueUrl: config.QUEUE_CALLBACKS_URL,
  visibilitySeconds: queues.callbacks.visibilityTimeoutSeconds,
  receiveWaitSeconds: config.WORKER_RECEIVE_WAIT_SECONDS,
  callbacks,
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.info(`${signal} again: handing running jobs back now`);
      consumer.stopNow();
      return;
    }
    stopping = true;
    logger.info(`${signal}: finishing running jobs for up to ${config.WORKER_STOP_WINDOW_SECONDS} s`);
    const windowMs = config.WORKER_STOP_WINDOW_SECONDS * 1000;
    // A callback try cut short by the exit is not lost: its message comes back once hidden no longer.
    void Promise.all([consumer.stop(windowMs), deadLetters.stop(0), callbackDeliveries.stop(windowMs)]).then(() => process.exit(0));
    // A job that ignores being handed back must not keep the worker alive: its message returns by itself.
    setTimeout(() => process.exit(1), (config.WORKER_STOP_WINDOW_SECONDS + WORKER_HAND_BACK_SECONDS) * 1000).unref();
  });
}

void sweepJobDirs(config.WORK_DIR)
  .then((removed) => removed && logger.info(`removed ${removed} folder(s) left by stopped workers or kept too long`))
  .catch(() => undefined)
  .finally(() => {
    logger.info('worker ready', { worker_id: workerId });
    void consumer.run();
    void deadLetters.run();
    void callbackDeliveries.run();
  });
