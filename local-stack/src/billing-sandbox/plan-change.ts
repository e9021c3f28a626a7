import type Stripe from 'stripe';
import { nextPeriodEnd } from './clock';
import { type EventOrigin, planName, type SandboxContext } from './context';
import { cardDeclined, invalidParam, StripeApiError } from './errors';
import { emitEvent } from './events';
import { type LineInput, periodLine, prorationLines } from './invoice-lines';
import { buildInvoice } from './invoice-objects';
import { amountDueOf, cardRefusesLaterCharges, issueInvoice } from './invoices';
import { firstItem } from './objects';
import { changeSubscription, type SubscriptionChange } from './subscriptions';

export const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];

/** A new price for the subscription's item, as `items[0]` and `proration_*` ask for it. */
export interface PlanChange {
  price: Stripe.Price;
  quantity: number;
  behavior: ProrationBehavior;
  /** When the change takes effect for prorations (Stripe's `proration_date`). */
  prorationDate: number;
}

const periodOf = (subscription: Stripe.Subscription) => {
  const item = firstItem(subscription);
  return { start: item.current_period_start, end: item.current_period_end };
};

function customerOf(ctx: SandboxContext, subscription: Stripe.Subscription): Stripe.Customer {
  const customer = ctx.state.customers[String(subscription.customer)];
  if (!customer) throw new Error(`Subscription ${subscription.id} has no customer`);
  return customer;
}

/** Stripe accepts a proration date inside the current period only. */
export function checkProrationDate(subscription: Stripe.Subscription, date: number, param: string): number {
  const { start, end } = periodOf(subscription);
  if (date < start || date > end) throw invalidParam(param, `The proration date must be within the subscription's current period (${start} to ${end}).`);
  return date;
}

/** The credit and charge lines of a change, none when nothing billable changes or prorations are off. */
export function changeLines(ctx: SandboxContext, subscription: Stripe.Subscription, change: PlanChange): LineInput[] {
  const item = firstItem(subscription);
  const quantity = item.quantity ?? 1;
  if (change.behavior === 'none' || (change.price.id === item.price.id && change.quantity === quantity)) return [];
  const latest = typeof subscription.latest_invoice === 'string' ? ctx.state.invoices[subscription.latest_invoice] : undefined;
  const charged = latest?.lines.data.find((line) => line.pricing?.price_details?.price === item.price.id && line.amount > 0);
  return prorationLines({
    from: { price: item.price, productName: planName(ctx, item.price.id), quantity },
    to: { price: change.price, productName: planName(ctx, change.price.id), quantity: change.quantity },
    period: periodOf(subscription),
    at: change.prorationDate,
    creditedItems: latest && charged ? { invoice: latest.id, invoice_line_items: [charged.id] } : null,
  });
}

/**
 * Stripe's `invoices.createPreview` for a subscription: with `always_invoice`
 * the invoice a change would issue now; otherwise the next renewal's, holding
 * the prorations kept for it and the next period at the (new) price.
 */
export function previewInvoice(ctx: SandboxContext, subscription: Stripe.Subscription, change: PlanChange | null): Stripe.Invoice {
  const customer = customerOf(ctx, subscription);
  const now = ctx.clock.now();
  const base = { subscription, customer, outcome: 'preview' as const };
  const prorations = change ? changeLines(ctx, subscription, change) : [];
  if (change?.behavior === 'always_invoice') {
    return buildInvoice({ ...base, reason: 'subscription_update', period: { start: now, end: now }, lines: prorations, at: now });
  }
  if (subscription.cancel_at_period_end && !change) {
    throw new StripeApiError(404, 'invalid_request_error', `No upcoming invoices for customer: ${customer.id}`, 'invoice_upcoming_none');
  }
  const item = firstItem(subscription);
  const period = periodOf(subscription);
  const price = change?.price ?? item.price;
  const quantity = change?.quantity ?? item.quantity ?? 1;
  const next = { start: period.end, end: nextPeriodEnd(subscription.billing_cycle_anchor, period.end) };
  const lines = [...(ctx.state.pendingLines[subscription.id] ?? []), ...prorations, periodLine(price, quantity, planName(ctx, price.id), next)];
  return buildInvoice({ ...base, reason: 'subscription_cycle', period, lines, at: period.end });
}

/**
 * Moves the item to the new price. `always_invoice` charges the prorations at
 * once and changes nothing if the card refuses (402, as with
 * `payment_behavior=error_if_incomplete`); `create_prorations` keeps them for
 * the next invoice. `also` carries the request's other changes into the same
 * `customer.subscription.updated`, queued before `invoice.paid`.
 */
export function applyPlanChange(
  ctx: SandboxContext,
  subscription: Stripe.Subscription,
  change: PlanChange,
  origin: EventOrigin,
  also: SubscriptionChange = {},
): Stripe.Invoice | null {
  const customer = customerOf(ctx, subscription);
  const lines = changeLines(ctx, subscription, change);
  let invoice: Stripe.Invoice | null = null;
  if (change.behavior === 'always_invoice' && lines.length > 0) {
    if (amountDueOf(customer, lines) > 0 && cardRefusesLaterCharges(ctx, subscription)) throw cardDeclined();
    const now = ctx.clock.now();
    invoice = issueInvoice(ctx, { subscription, customer, reason: 'subscription_update', period: { start: now, end: now }, lines, at: now }, false);
  } else if (lines.length > 0) {
    ctx.state.pendingLines[subscription.id] = [...(ctx.state.pendingLines[subscription.id] ?? []), ...lines];
  }
  changeSubscription(ctx, subscription, { ...also, price: change.price, quantity: change.quantity }, origin);
  if (invoice) emitEvent(ctx, 'invoice.paid', invoice, origin);
  return invoice;
}
