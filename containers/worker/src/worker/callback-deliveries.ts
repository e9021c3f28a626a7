import type { SQSClient } from '@aws-sdk/client-sqs';
import { callbackDeliveryMessageSchema, type CallbackDeliveryMessage } from '@frameforge/functions/contracts/callback-deliveries';
import type { CallbackService } from '@frameforge/functions/domain/callbacks/callback-service';
import type { JobRepository } from '@frameforge/functions/domain/jobs/job';
import { QueueConsumer } from './queue-consumer';

/** Tries posted at once: each mostly waits on a receiver. */
const CONCURRENCY = 4;

/**
 * Queues the callback of a job this worker just ended (completed or failed).
 * A callback that cannot be queued is logged: it is never a reason to run
 * the job again.
 */
export async function announceEnded(jobId: string, jobs: JobRepository, callbacks: CallbackService): Promise<void> {
  try {
    const job = await jobs.get(jobId);
    if (job && (await callbacks.jobEnded(job))) console.log(`job ${jobId}: callback queued`);
  } catch (error) {
    console.error(`job ${jobId}: its callback could not be queued`, error);
  }
}

/** Reads the callbacks queue and makes each try; a try that throws (not a failed POST) comes back after the visibility timeout. */
export function callbackConsumer(options: {
  client: SQSClient;
  queueUrl: string;
  visibilitySeconds: number;
  callbacks: CallbackService;
}): QueueConsumer<CallbackDeliveryMessage> {
  return new QueueConsumer({
    client: options.client,
    queueUrl: options.queueUrl,
    schema: callbackDeliveryMessageSchema,
    concurrency: CONCURRENCY,
    visibilitySeconds: options.visibilitySeconds,
    onPoison: (body, reason) => console.error(`callbacks queue: not a delivery (${reason}): ${body?.slice(0, 200)}`),
    handle: async (message, { receiveCount }) => {
      const outcome = await options.callbacks.deliver(message, { redelivered: receiveCount > 1 });
      console.log(`job ${message.jobId}: callback try ${message.attempt} ${outcome}`);
      return 'delete';
    },
  });
}
