import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues, type QueueDefinition } from '@frameforge/functions/kernel/contracts/resources';
import { MAX_RETRY_DELAY_SECONDS } from '@frameforge/functions/features/callbacks/domain/callback-service';

export interface QueuePair {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
}

/** A queue as the alarms watch it. */
export interface WatchedQueue extends QueuePair {
  readonly name: string;
  /** The age of its oldest message that means its consumer is down or far behind. */
  readonly oldestMessageAlarmSeconds: number;
}

/** A media job waits seconds for a worker: a quarter of an hour means none is taking it. */
const MEDIA_OLDEST_MESSAGE_SECONDS = 900;

/**
 * A callback retry is sent back with a delay of up to MAX_RETRY_DELAY_SECONDS,
 * and SQS ages a message from when it was sent, delay included: so each
 * customer whose endpoint is down keeps a message that old in the queue.
 * The alarm waits for that delay, plus every receive a message may take
 * (a try that throws comes back after the visibility timeout), plus the
 * quarter of an hour the media queue is allowed: only a stalled consumer
 * gets there, never one customer's dead endpoint.
 */
export const CALLBACKS_OLDEST_MESSAGE_SECONDS =
  MAX_RETRY_DELAY_SECONDS + queues.callbacks.maxReceiveCount * queues.callbacks.visibilityTimeoutSeconds + MEDIA_OLDEST_MESSAGE_SECONDS;

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

  /** Both queues, with the age of the oldest message each may reach before an operator is called. */
  get watched(): readonly WatchedQueue[] {
    return [
      { name: 'MediaJobs', queue: this.mediaQueue, deadLetterQueue: this.mediaDeadLetterQueue, oldestMessageAlarmSeconds: MEDIA_OLDEST_MESSAGE_SECONDS },
      { name: 'Callbacks', ...this.callbacks, oldestMessageAlarmSeconds: CALLBACKS_OLDEST_MESSAGE_SECONDS },
    ];
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
