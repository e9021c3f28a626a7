import { MAX_CALLBACK_ATTEMPTS, type CallbackDeliveryMessage } from '../contracts/callback-deliveries';
import type { CallbackAttempt, JobRecord, JobRepository } from '../../jobs/domain/job';
import { toCallbackEvent } from './callback-event';
import { CALLBACK_USER_AGENT, EVENT_ID_HEADER, SIGNATURE_HEADER, signCallback } from './callback-signature';

/** The per-user signing secret, made on first use. */
export interface CallbackSecrets {
  /** Returns the user's secret, creating it if there is none yet; concurrent first calls return the same one. */
  secretFor(userId: string): Promise<string>;
}

export interface CallbackQueue {
  /** Queues one try, due after `delaySeconds` (0 to 900). */
  send(message: CallbackDeliveryMessage, delaySeconds: number): Promise<void>;
}

export interface CallbackSender {
  /** POSTs the body; throws CallbackRefusedError for an address we never deliver to, any other error when no answer came. */
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }>;
}

/** The callback URL leads to an address we do not deliver to (an internal one): trying again cannot help. */
export class CallbackRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CallbackRefusedError';
  }
}

/** SQS's longest delivery delay: the backoff stops growing there. */
export const MAX_RETRY_DELAY_SECONDS = 900;

/** The wait after failed try `attempt` before the next: base, 3×, 9×, ... up to 15 minutes. */
export const retryDelaySeconds = (baseSeconds: number, attempt: number): number =>
  Math.min(MAX_RETRY_DELAY_SECONDS, baseSeconds * 3 ** (attempt - 1));

export interface CallbackServiceOptions {
  retryBaseSeconds: number;
  maxAttempts?: number;
  now?: () => Date;
}

/**
 * delivered: the receiver answered 2xx; retrying: it did not, the next try
 * is queued; given_up: the last try failed; refused: the address is not one
 * we deliver to; skipped: nothing to do (no such job or callback, delivered
 * already, or this try was made already).
 */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'given_up' | 'refused' | 'skipped';

/**
 * Delivers the outcome of a job to its `callback_url`: a signed POST per
 * try, each try recorded on the job, failed tries retried with a growing
 * delay through the queue (one message per try).
 */
export class CallbackService {
  private readonly maxAttempts: number;
  private readonly now: () => Date;

  constructor(
    private readonly jobs: JobRepository,
    private readonly secrets: CallbackSecrets,
    private readonly queue: CallbackQueue,
    private readonly sender: CallbackSender,
    private readonly options: CallbackServiceOptions,
  ) {
    this.maxAttempts = Math.min(options.maxAttempts ?? MAX_CALLBACK_ATTEMPTS, MAX_CALLBACK_ATTEMPTS);
    this.now = options.now ?? (() => new Date());
  }

  /** Queues the first try for a job that just completed or failed, when it has a callback; true if one was queued. */
  async jobEnded(job: JobRecord): Promise<boolean> {
    if (!toCallbackEvent(job) || job.callback?.attempts.length) return false;
    await this.queue.send({ jobId: job.id, userId: job.userId, attempt: 1 }, 0);
    return true;
  }

  /**
   * Makes one try. `redelivered`: this message was received before, so its
   * try may be recorded already while the next one never got queued.
   */
  async deliver(message: CallbackDeliveryMessage, context: { redelivered?: boolean } = {}): Promise<DeliveryOutcome> {
    const job = await this.jobs.get(message.jobId);
    const event = job && job.userId === message.userId ? toCallbackEvent(job) : undefined;
    if (!job || !event || !job.callback) return 'skipped';
    const { attempts, url } = job.callback;
    // A resend is delivered whatever came before; the automatic tries stop at the first success.
    if (!message.resend && attempts.some((a) => a.ok)) return 'skipped';
    if (attempts.length >= message.attempt) {
      const last = attempts[attempts.length - 1];
      // A crash between recording this try and queueing the next: queue it now, or the delivery stops here.
      if (context.redelivered && last?.attempt === message.attempt && last.next_attempt_at) await this.queueNext(job, last);
      return 'skipped';
    }
    if (attempts.length !== message.attempt - 1) return 'skipped';

    const at = this.now();
    const body = JSON.stringify(event);
    const secret = await this.secrets.secretFor(job.userId);
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': CALLBACK_USER_AGENT,
      [EVENT_ID_HEADER]: event.id,
      [SIGNATURE_HEADER]: signCallback(secret, body, at.getTime() / 1000),
    };
    const result = await this.post(url, body, headers);
    const retry = !result.ok && !result.refused && !message.resend && message.attempt < this.maxAttempts;
    const attempt: CallbackAttempt = {
      attempt: message.attempt,
      at: at.toISOString(),
      status: result.status,
      ok: result.ok,
      error: result.error,
      next_attempt_at: retry
        ? new Date(this.now().getTime() + retryDelaySeconds(this.options.retryBaseSeconds, message.attempt) * 1000).toISOString()
        : null,
    };
    // Someone else recorded this try meanwhile (a duplicate message): theirs stands, and they queue the next.
    if (!(await this.jobs.recordCallbackAttempt(job.id, attempt))) return 'skipped';
    if (result.ok) return 'delivered';
    if (result.refused) return 'refused';
    if (!retry) return 'given_up';
    await this.queueNext(job, attempt);
    return 'retrying';
  }

  private async queueNext(job: JobRecord, failed: CallbackAttempt): Promise<void> {
    await this.queue.send(
      { jobId: job.id, userId: job.userId, attempt: failed.attempt + 1 },
      retryDelaySeconds(this.options.retryBaseSeconds, failed.attempt),
    );
  }

  private async post(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ ok: boolean; refused: boolean; status: number | null; error: string | null }> {
    try {
      const { status } = await this.sender.post(url, body, headers);
      const ok = status >= 200 && status < 300;
      return { ok, refused: false, status, error: ok ? null : `Error: the callback URL answered HTTP ${status}.` };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const message = text.startsWith('Error: ') ? text : `Error: the callback URL could not be reached (${text}).`;
      return { ok: false, refused: error instanceof CallbackRefusedError, status: null, error: message };
    }
  }
}
