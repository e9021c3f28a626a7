import type Stripe from 'stripe';
import { planOf } from './catalog';
import { addMonths } from './clock';
import { type EventOrigin, planName, type SandboxContext } from './context';
import { emitEvent, previousAttributes } from './events';
import { periodLine } from './invoice-lines';
import { issueInvoice } from './invoices';
import { buildSubscription, firstItem } from './objects';

export interface StartSubscription {
  customer: Stripe.Customer;
  price: Stripe.Price;
  quantity: number;
  paymentMethod: Stripe.PaymentMethod;
  metadata: Record<string, string>;
  origin: EventOrigin;
}

/**
 * A subscription paid at once: active for one month from now, its first
 * invoice paid. Queues `customer.subscription.created` then `invoice.paid`.
 */
export function startSubscription(ctx: SandboxContext, input: StartSubscription): Stripe.Subscription {
  const now = ctx.clock.now();
  const subscription = buildSubscription({
    customer: input.customer.id,
    price: input.price,
    quantity: input.quantity,
    paymentMethod: input.paymentMethod.id,
    metadata: input.metadata,
    start: now,
    periodEnd: addMonths(now, 1),
  });
  const item = firstItem(subscription);
  const period = { start: item.current_period_start, end: item.current_period_end };
  const invoice = issueInvoice(
    ctx,
    {
      subscription,
      customer: input.customer,
      reason: 'subscription_create',
      // Stripe's first invoice of a subscription has an empty period at its creation.
      period: { start: now, end: now },
      lines: [periodLine(input.price, input.quantity, planName(ctx, input.price.id), period)],
      at: now,
    },
    // Every test card that gets this far pays its first invoice.
    false,
  );
  ctx.state.subscriptions[subscription.id] = subscription;
  emitEvent(ctx, 'customer.subscription.created', subscription, input.origin);
  emitEvent(ctx, 'invoice.paid', invoice, input.origin);
  return subscription;
}

export interface SubscriptionChange {
  cancelAtPeriodEnd?: boolean;
  price?: Stripe.Price;
  quantity?: number;
  metadata?: Record<string, string>;
}

/** Applies a change and queues `customer.subscription.updated` when anything actually changed. */
export function changeSubscription(ctx: SandboxContext, subscription: Stripe.Subscription, change: SubscriptionChange, origin: EventOrigin): Stripe.Subscription {
  const before = structuredClone(subscription);
  const now = ctx.clock.now();
  const item = firstItem(subscription);
  if (change.price && change.price.id !== item.price.id) {
    // The period stays; what the change costs is plan-change.ts's (prorations).
    item.price = change.price;
    item.plan = planOf(change.price);
  }
  if (change.quantity !== undefined) item.quantity = change.quantity;
  if (change.metadata) subscription.metadata = change.metadata;
  if (change.cancelAtPeriodEnd === true && !subscription.cancel_at_period_end) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = item.current_period_end;
    subscription.canceled_at = now;
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
  } else if (change.cancelAtPeriodEnd === false && subscription.cancel_at_period_end) {
    subscription.cancel_at_period_end = false;
    subscription.cancel_at = null;
    subscription.canceled_at = null;
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
  }
  const previous = previousAttributes(before, subscription);
  if (previous) emitEvent(ctx, 'customer.subscription.updated', subscription, origin, { previous });
  return subscription;
}

/** Ends a subscription at `at` and queues `customer.subscription.deleted`. */
export function endSubscription(ctx: SandboxContext, subscription: Stripe.Subscription, origin: EventOrigin, at = ctx.clock.now()): Stripe.Subscription {
  subscription.status = 'canceled';
  subscription.ended_at = at;
  subscription.canceled_at = subscription.canceled_at ?? at;
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
  emitEvent(ctx, 'customer.subscription.deleted', subscription, origin, { at });
  return subscription;
}

/** Subscriptions that still bill, newest first: the portal shows the first. */
export function liveSubscriptions(ctx: SandboxContext, customerId: string): Stripe.Subscription[] {
  return Object.values(ctx.state.subscriptions)
    .filter((s) => s.customer === customerId && s.status !== 'canceled' && s.status !== 'incomplete_expired')
    .reverse();
}
