import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues, type QueueDefinition } from '@frameforge/functions/contracts/resources';

export interface QueuePair {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
}

/**
 * The product's queues, each with its dead-letter queue. Delivery is
 * at-least-once; a message received `maxReceiveCount` times is poison and
 * moves to the dead-letter queue, where it stays for inspection (14 days,
 * the SQS maximum).
 */
export class Queues extends Construct {
  readonly mediaQueue: sqs.Queue;
  readonly mediaDeadLetterQueue: sqs.Queue;
  /** `callback_url` deliveries and their retries. */
  readonly callbacks: QueuePair;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const media = this.pair(queues.media);
    this.mediaQueue = media.queue;
    this.mediaDeadLetterQueue = media.deadLetterQueue;
    this.callbacks = this.pair(queues.callbacks);
  }

  environment(): Record<string, string> {
    return { [queues.media.envVar]: this.mediaQueue.queueUrl, [queues.callbacks.envVar]: this.callbacks.queue.queueUrl };
  }

  private pair(definition: QueueDefinition): QueuePair {
    const deadLetterQueue = new sqs.Queue(this, `${definition.id}-dlq`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(deadLetterQueue).acknowledge({
      id: 'Serverless-SQSRedrivePolicy',
      reason: 'This is the dead-letter queue: its messages are settled by the worker and watched by an alarm, not redriven further.',
    });
    const queue = new sqs.Queue(this, definition.id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
    });
    return { queue, deadLetterQueue };
  }
}
