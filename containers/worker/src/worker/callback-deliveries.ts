import type { SQSClient } from '@aws-sdk/client-sqs';
import { callbackDeliveryMessageSchema, type CallbackDeliveryMessage } from '@frameforge/functions/features/callbacks/contracts/callback-deliveries';
import type { CallbackService, JobRepository } from '@frameforge/functions/jobs';
import { workerLogger, type Logger } from '../logging/logger';
import { QueueConsumer } from './queue-consumer';

/** Tries posted at once: each mostly waits on a receiver. */
const CONCURRENCY = 4;

/**
 * Queues the callback of a job this worker just ended (completed or failed).
 * A callback that cannot be queued is logged: it is never a reason to run
 * the job again.
 */
export async function announceEnded(jobId: string, jobs: JobRepository, callbacks: CallbackService, log: Logger): Promise<void> {
  try {
    const job = await jobs.get(jobId);
    if (job && (await callbacks.jobEnded(job))) log.info('callback queued');
  } catch (error) {
    log.error('the callback could not be queued', { error });
  }
}

/** Reads the callbacks queue and makes each try; a try that throws (not a failed POST) comes back after the visibility timeout. */
export function callbackConsumer(options: {
  client: SQSClient;
  queueUrl: string;
  visibilitySeconds: number;
  callbacks: CallbackService;
  receiveWaitSeconds?: number;
}): QueueConsumer<CallbackDeliveryMessage> {
  return new QueueConsumer({
    client: options.client,
    queueUrl: options.queueUrl,
    schema: callbackDeliveryMessageSchema,
    concurrency: CONCURRENCY,
    visibilitySeconds: options.visibilitySeconds,
    ...(options.receiveWaitSeconds === undefined ? {} : { receiveWaitSeconds: options.receiveWaitSeconds }),
    onPoison: (body, reason) => workerLogger.error('callbacks queue: not a delivery, dropped', { reason, body: body?.slice(0, 200) }),
    handle: async (message, { receiveCount, log }) => {
      const outcome = await options.callbacks.deliver(message, { redelivered: receiveCount > 1 });
      log.info('callback try', { attempt: message.attempt, outcome });
      return 'delete';
    },
  });
}
