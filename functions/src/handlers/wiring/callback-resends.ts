import { SqsCallbackQueue } from '../../adapters/sqs/callback-queue';
import { createSqsClient } from '../../adapters/sqs/media-job-queue';
import { CallbackResends } from '../../domain/callbacks/callback-resend';
import { ownedTasks } from './task-reads';
import { configOf, once } from './shared';

const env = configOf('AWS_REGION', 'QUEUE_CALLBACKS_URL');

/** A task's callback delivered again: a read of the job and one message on the callbacks queue. */
export const callbackResends = once(
  () => new CallbackResends(ownedTasks(), new SqsCallbackQueue(createSqsClient(env.AWS_REGION), env.QUEUE_CALLBACKS_URL)),
);
