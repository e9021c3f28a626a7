import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { z } from 'zod';
import { jobLogger, workerLogger, type Logger } from '../logging/logger';
import { BEAT_INTERVAL_MS, type Heartbeat } from './heartbeat';
import type { ProtectionHolder } from './task-protection';

/**
 * What became of one message: gone for good; back on the queue after a delay
 * (counts as a try); or sent again as a fresh message after a delay, for a
 * job that waits its turn without having failed (its tries are not used up).
 */
export type Disposition = 'delete' | { retryInSeconds: number } | { requeueInSeconds: number };

/** Every message the worker consumes is about one job. */
export interface JobMessage {
  jobId: string;
}

export interface ConsumerOptions<T extends JobMessage> {
  client: SQSClient;
  queueUrl: string;
  /** The queue's message contract: a body it rejects is poison. */
  schema: z.ZodType<T>;
  concurrency: number;
  /** How long a received message stays hidden; renewed every third of it while its job runs. */
  visibilitySeconds: number;
  /** `signal` aborts when the worker stops and the job should be handed back; `log` puts the job's ids on each line. */
  handle: (message: T, context: { receiveCount: number; signal: AbortSignal; log: Logger }) => Promise<Disposition>;
  /** Called when a message does not meet the contract: it is dropped, not retried. */
  onPoison: (body: string | undefined, reason: string) => void;
  /** Keeps the task from being scaled in from a job's start until its outcome is on the queue. */
  protection?: ProtectionHolder;
  /** The worker's logger by default. */
  log?: Logger;
  /** Beaten at every turn of the loop, which turns at least every BEAT_INTERVAL_MS while jobs run. */
  heartbeat?: Heartbeat;
  /**
   * How long one receive waits for a message (SQS's longest, 20 s, unless told). A worker that stops mid-wait
   * cannot take back its receive: the queue may still hand it the next message, hidden for the visibility timeout.
   */
  receiveWaitSeconds?: number;
}

/** SQS's longest long poll: an idle worker answers a new job as soon as it is sent. */
const LONG_POLL_SECONDS = 20;

/**
 * Long-polls the queue and runs jobs, extending each message's visibility
 * while its job runs. A message is deleted only after its job ended; on a
 * crash it comes back, and after maxReceiveCount tries it goes to the DLQ.
 */
export class QueueConsumer<T extends JobMessage> {
  private stopping = false;
  private readonly running = new Set<Promise<void>>();
  private readonly receiving = new AbortController();
  private readonly handBack = new AbortController();

  private readonly log: Logger;

  constructor(private readonly options: ConsumerOptions<T>) {
    this.log = options.log ?? workerLogger;
  }

  async run(): Promise<void> {
    while (!this.stopping) {
      this.options.heartbeat?.beat();
      const free = this.options.concurrency - this.running.size;
      if (free <= 0) {
        // Woken by a job's end, or after a while to beat: a job may run for an hour.
        await this.nextJobEndOrBeat();
        continue;
      }
      let messages: Message[] = [];
      try {
        const out = await this.options.client.send(
          new ReceiveMessageCommand({
            QueueUrl: this.options.queueUrl,
            MaxNumberOfMessages: Math.min(free, 10),
            WaitTimeSeconds: this.options.receiveWaitSeconds ?? LONG_POLL_SECONDS,
            VisibilityTimeout: this.options.visibilitySeconds,
            MessageSystemAttributeNames: ['ApproximateReceiveCount'],
          }),
          { abortSignal: this.receiving.signal },
        );
        messages = out.Messages ?? [];
      } catch (error) {
        if (this.stopping) break;
        this.log.warn('receive failed, retrying', { queue: this.options.queueUrl, error });
        await new Promise((r) => setTimeout(r, 1000));
      }
      for (const message of messages) {
        const task = this.runOne(message).finally(() => this.running.delete(task));
        this.running.add(task);
      }
    }
    await Promise.allSettled(this.running);
  }

  private async nextJobEndOrBeat(): Promise<void> {
    if (!this.options.heartbeat) return void (await Promise.race(this.running));
    let timer: NodeJS.Timeout | undefined;
    const beat = new Promise<void>((resolve) => (timer = setTimeout(resolve, BEAT_INTERVAL_MS)));
    await Promise.race([...this.running, beat]);
    clearTimeout(timer);
  }

  /**
   * Stops taking new jobs and lets the running ones finish within the
   * window; those still running then are handed back to the queue.
   */
  async stop(windowMs: number): Promise<void> {
    this.stopping = true;
    this.receiving.abort();
    const finished = Promise.allSettled(this.running);
    const timer = setTimeout(() => this.handBack.abort(), windowMs);
    await finished;
    clearTimeout(timer);
  }

  /** Hands the running jobs back at once (a second stop signal). */
  stopNow(): void {
    this.handBack.abort();
  }

  private async runOne(message: Message): Promise<void> {
    const body = safeJson(message.Body);
    const parsed = this.options.schema.safeParse(body);
    if (!parsed.success) {
      this.options.onPoison(message.Body, parsed.error.message);
      await this.delete(message).catch(() => undefined);
      return;
    }
    const job = parsed.data;
    const log = jobLogger(this.log, job.jobId, body);
    const settle = () => this.settle(message, job, log);
    await (this.options.protection ? this.options.protection.during(settle) : settle());
  }

  /** Runs the job and leaves its message as the outcome says. */
  private async settle(message: Message, job: T, log: Logger): Promise<void> {
    const visibility = this.options.visibilitySeconds;
    const heartbeat = setInterval(() => void this.setVisibility(message, visibility).catch(() => undefined), (visibility * 1000) / 3);
    let disposition: Disposition;
    try {
      const receiveCount = Number(message.Attributes?.ApproximateReceiveCount ?? '1');
      disposition = await this.options.handle(job, { receiveCount, signal: this.handBack.signal, log });
    } catch (error) {
      log.error('job failed, it will be retried', { error });
      disposition = { retryInSeconds: visibility };
    } finally {
      clearInterval(heartbeat);
    }
    try {
      if (disposition === 'delete') await this.delete(message);
      else if ('requeueInSeconds' in disposition) await this.requeue(message, disposition.requeueInSeconds);
      // At least 1 s: the local queue emulator loses a message whose visibility is set to 0.
      else await this.setVisibility(message, Math.max(1, disposition.retryInSeconds));
    } catch (error) {
      // Left as it is, the message returns when its visibility runs out.
      log.error('the queue did not take the job’s outcome', { error });
    }
  }

  private async setVisibility(message: Message, seconds: number): Promise<void> {
    await this.options.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: this.options.queueUrl, ReceiptHandle: message.ReceiptHandle, VisibilityTimeout: seconds }),
    );
  }

  /** Sends a copy first, then deletes: a crash in between leaves two, and the job's lease makes the extra one a no-op. */
  private async requeue(message: Message, delaySeconds: number): Promise<void> {
    await this.options.client.send(
      new SendMessageCommand({ QueueUrl: this.options.queueUrl, MessageBody: message.Body ?? '', DelaySeconds: Math.min(900, Math.max(0, delaySeconds)) }),
    );
    await this.delete(message);
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
