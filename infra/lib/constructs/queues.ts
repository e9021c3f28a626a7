import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues } from '@frameforge/functions/contracts/resources';

/**
 * The media job queue. Delivery is at-least-once; a message received
 * `maxReceiveCount` times is poison and moves to the dead-letter queue,
 * where it stays for inspection (14 days, the SQS maximum).
 */
export class Queues extends Construct {
  readonly mediaQueue: sqs.Queue;
  readonly mediaDeadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const definition = queues.media;

    this.mediaDeadLetterQueue = new sqs.Queue(this, `${definition.id}-dlq`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    this.mediaQueue = new sqs.Queue(this, definition.id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.mediaDeadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
    });
  }

  environment(): Record<string, string> {
    return { [queues.media.envVar]: this.mediaQueue.queueUrl };
  }
}
