import Stripe from 'stripe';
import type { SandboxState } from './store';
import type { Delivery } from './store';
import { withPageLinks } from './links';

/** Signed by the SDK itself, so the sandbox cannot drift from the scheme the receiver verifies. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** 1 s, 2 s, 4 s … after each failed attempt, never more than a minute. */
export const retryDelayMs = (attempts: number): number => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000);

const ATTEMPT_TIMEOUT_MS = 10_000;

export interface WebhookSenderOptions {
  url: string;
  /** The sandbox's origin now, put in front of the hosted page links an event carries. */
  publicUrl: string;
  secret: string;
  state: SandboxState;
  save(): void;
}

/**
 * Sends queued events one at a time in the order they were queued. A failed
 * delivery waits for its retry while the ones behind it go ahead.
 */
export class WebhookSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Delivers whatever is due now, then sleeps until the next retry. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      } else {
        this.schedule();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
  }

  private nextDue(): Delivery | undefined {
    const now = Date.now();
    return this.options.state.deliveries.find((d) => !d.delivered && d.nextAttemptAt <= now);
  }

  private async run(): Promise<void> {
    for (let delivery = this.nextDue(); delivery && !this.stopped; delivery = this.nextDue()) {
      await this.attempt(delivery);
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const waiting = this.options.state.deliveries.filter((d) => !d.delivered);
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((d) => d.nextAttemptAt));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, Math.max(0, next - Date.now()));
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const event = this.options.state.events[delivery.eventId];
    if (!event) {
      // An event that no longer exists cannot be delivered; drop it rather than retry forever.
      delivery.delivered = true;
      delivery.lastError = 'event missing';
      this.options.save();
      return;
    }
    const payload = JSON.stringify(withPageLinks({ ...event, pending_webhooks: 1 }, this.options.publicUrl), null, 2);
    // Real time, not the sandbox clock: receivers reject signatures older than five minutes.
    const header = signatureHeader(payload, this.options.secret, Math.floor(Date.now() / 1000));
    delivery.attempts += 1;
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': header, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.lastError = response.ok ? null : `HTTP ${response.status}`;
      delivery.delivered = response.ok;
    } catch (error) {
      if (this.stopped) {
        // Stopping is not the receiver's fault: the attempt does not count.
        delivery.attempts -= 1;
        return;
      }
      delivery.lastStatus = null;
      delivery.lastError = (error as Error).message;
    }
    if (delivery.delivered) event.pending_webhooks = 0;
    else delivery.nextAttemptAt = Date.now() + retryDelayMs(delivery.attempts);
    this.options.save();
  }
}
