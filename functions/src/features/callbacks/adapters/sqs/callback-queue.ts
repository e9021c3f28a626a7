import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { callbackDeliveryMessageSchema, type CallbackDeliveryMessage } from '../../contracts/callback-deliveries';
import { MAX_RETRY_DELAY_SECONDS, type CallbackQueue } from '../../domain/callback-service';

/** One message per try; a retry waits on the queue itself (DelaySeconds), not in a worker. */
export class SqsCallbackQueue implements CallbackQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(message: CallbackDeliveryMessage, delaySeconds: number): Promise<void> {
    const body = JSON.stringify(callbackDeliveryMessageSchema.parse(message));
    const delay = Math.min(MAX_RETRY_DELAY_SECONDS, Math.max(0, Math.round(delaySeconds)));
    await this.client.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: body, DelaySeconds: delay }));
  }
}
