import type Stripe from 'stripe';
import { nextPeriodEnd } from './clock';
import { AUTOMATIC, planName, type SandboxContext } from './context';
import { emitEvent, previousAttributes } from './events';
import { periodLine } from './invoice-lines';
import { cardRefusesLaterCharges, issueInvoice, takePendingLines } from './invoices';
import { firstItem } from './objects';
import { endSubscription } from './subscriptions';

const billing = (s: Stripe.Subscription) => s.status !== 'canceled' && s.status !== 'incomplete_expired';

/**
 * One period end: a new month billed to the saved card, with any prorations
 * kept for this invoice. Queues `invoice.paid` (or `invoice.payment_failed`,
 * leaving the subscription past_due), then `customer.subscription.updated`.
 */
function renew(ctx: SandboxContext, subscription: Stripe.Subscription, at: number): void {
  const before = structuredClone(subscription);
  const item = firstItem(subscription);
  const customer = ctx.state.customers[subscription.customer as string];
  if (!customer) throw new Error(`Subscription ${subscription.id} has no customer`);
  const ended = { start: item.current_period_start, end: item.current_period_end };
  item.current_period_start = at;
  item.current_period_end = nextPeriodEnd(subscription.billing_cycle_anchor, at);
  const next = { start: item.current_period_start, end: item.current_period_end };
  const lines = [...takePendingLines(ctx, subscription.id), periodLine(item.price, item.quantity ?? 1, planName(ctx, item.price.id), next)];
  const invoice = issueInvoice(ctx, { subscription, customer, reason: 'subscription_cycle', period: ended, lines, at }, cardRefusesLaterCharges(ctx, subscription));
  const paid = invoice.status === 'paid';
  subscription.status = paid ? 'active' : 'past_due';
  emitEvent(ctx, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, AUTOMATIC, { at });
  const previous = previousAttributes(before, subscription);
  emitEvent(ctx, 'customer.subscription.updated', subscription, AUTOMATIC, { at, ...(previous ? { previous } : {}) });
}

/** Checkout pages nobody finished in time can no longer be paid. */
function expireCheckoutSessions(ctx: SandboxContext, now: number): boolean {
  let changed = false;
  for (const session of Object.values(ctx.state.checkoutSessions)) {
    if (session.status === 'open' && session.expires_at <= now) {
      session.status = 'expired';
      session.url = null;
      changed = true;
    }
  }
  return changed;
}

/**
 * Plays every period end the clock has passed, earliest first across all
 * subscriptions, so events come out in the order they happened. Each event
 * is dated at its period end.
 */
export function processDueWork(ctx: SandboxContext): void {
  const now = ctx.clock.now();
  let changed = expireCheckoutSessions(ctx, now);
  for (;;) {
    const due = Object.values(ctx.state.subscriptions)
      .filter((s) => billing(s) && firstItem(s).current_period_end <= now)
      .sort((a, b) => firstItem(a).current_period_end - firstItem(b).current_period_end)[0];
    if (!due) break;
    const at = firstItem(due).current_period_end;
    if (due.cancel_at_period_end) endSubscription(ctx, due, AUTOMATIC, at);
    else renew(ctx, due, at);
    changed = true;
  }
  if (changed) ctx.commit();
}
