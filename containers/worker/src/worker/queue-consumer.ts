import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { mediaJobMessageSchema, type MediaJobMessage } from '@frameforge/functions/contracts/media-jobs';
import { queues } from '@frameforge/functions/contracts/resources';

export interface ConsumerOptions {
  client: SQSClient;
  queueUrl: string;
  concurrency: number;
  handle: (message: MediaJobMessage, receiveCount: number) => Promise<void>;
  /** Called when a message is not a job at all: it is dropped, not retried. */
  onPoison: (body: string | undefined, reason: string) => void;
}

const VISIBILITY = queues.media.visibilityTimeoutSeconds;

/**
 * Long-polls the queue and runs jobs, extending each message's visibility
 * while its job runs. A message is deleted only after its job ended; on a
 * crash it comes back, and after maxReceiveCount tries it goes to the DLQ.
 */
export class QueueConsumer {
  private stopping = false;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: ConsumerOptions) {}

  async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.options.concurrency - this.running.size;
      if (free <= 0) {
        await Promise.race(this.running);
        continue;
      }
      let messages: Message[] = [];
      try {
        const out = await this.options.client.send(
          new ReceiveMessageCommand({
            QueueUrl: this.options.queueUrl,
            MaxNumberOfMessages: Math.min(free, 10),
            WaitTimeSeconds: 5,
            VisibilityTimeout: VISIBILITY,
            MessageSystemAttributeNames: ['ApproximateReceiveCount'],
          }),
        );
        messages = out.Messages ?? [];
      } catch (error) {
        console.error('receive failed, retrying', error);
        await new Promise((r) => setTimeout(r, 1000));
      }
      for (const message of messages) {
        const task = this.runOne(message).finally(() => this.running.delete(task));
        this.running.add(task);
      }
    }
    await Promise.allSettled(this.running);
  }

  /** Stops taking new jobs; resolves when the running ones ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.running);
  }

  private async runOne(message: Message): Promise<void> {
    const parsed = mediaJobMessageSchema.safeParse(safeJson(message.Body));
    if (!parsed.success) {
      this.options.onPoison(message.Body, parsed.error.message);
      await this.delete(message);
      return;
    }
    const heartbeat = setInterval(() => {
      void this.options.client
        .send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: this.options.queueUrl,
            ReceiptHandle: message.ReceiptHandle,
            VisibilityTimeout: VISIBILITY,
          }),
        )
        .catch(() => undefined);
    }, (VISIBILITY * 1000) / 3);
    try {
      const receiveCount = Number(message.Attributes?.ApproximateReceiveCount ?? '1');
      await this.options.handle(parsed.data, receiveCount);
      await this.delete(message);
    } catch (error) {
      // Left undeleted, the message returns after its visibility timeout.
      console.error(`job ${parsed.data.jobId} failed, it will be retried`, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async delete(message: Message): Promise<void> {
    await this.options.client.send(
      new DeleteMessageCommand({ QueueUrl: this.options.queueUrl, ReceiptHandle: message.ReceiptHandle }),
    );
  }
}

function safeJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}
