import { SqsCallbackQueue } from '../adapters/sqs/callback-queue';
import { createSqsClient } from '../../jobs/adapters/sqs/media-job-queue';
import { CallbackResends } from '../domain/callback-resend';
import { ownedTasks } from '../../jobs/wiring/task-reads';
import { configOf, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'QUEUE_CALLBACKS_URL');

/** A task's callback delivered again: a read of the job and one message on the callbacks queue. */
export const callbackResends = once(
  () => new CallbackResends(ownedTasks(), new SqsCallbackQueue(createSqsClient(env.AWS_REGION), env.QUEUE_CALLBACKS_URL)),
);
