import type Stripe from 'stripe';
import { renewalFails } from './cards';
import { AUTOMATIC, type SandboxContext } from './context';
import { emitEvent, previousAttributes } from './events';
import { buildCardPaymentMethod, type CardDetails } from './objects';
import { liveSubscriptions } from './subscriptions';

/** A past-due subscription's open invoice, paid with the new card as Stripe retries it once a card is added. */
function payOpenInvoice(ctx: SandboxContext, subscription: Stripe.Subscription, card: Stripe.PaymentMethod, now: number): Stripe.Invoice | undefined {
  const invoice = typeof subscription.latest_invoice === 'string' ? ctx.state.invoices[subscription.latest_invoice] : undefined;
  if (subscription.status !== 'past_due' || invoice?.status !== 'open' || renewalFails(card.card?.last4)) return undefined;
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempt_count += 1;
  invoice.next_payment_attempt = null;
  invoice.auto_advance = false;
  invoice.status_transitions.paid_at = now;
  subscription.status = 'active';
  return invoice;
}

/**
 * The billing portal's "update payment method": the card becomes the
 * customer's default and every live subscription's, and a past-due invoice is
 * paid with it. Queues `payment_method.attached`, `customer.updated`, then per
 * subscription `invoice.paid` (if one was paid) and `customer.subscription.updated`.
 */
export function replaceCard(ctx: SandboxContext, customer: Stripe.Customer, card: CardDetails): Stripe.PaymentMethod {
  const now = ctx.clock.now();
  const paymentMethod = buildCardPaymentMethod(customer, card, now);
  ctx.state.paymentMethods[paymentMethod.id] = paymentMethod;
  emitEvent(ctx, 'payment_method.attached', paymentMethod, AUTOMATIC);

  const customerBefore = structuredClone(customer);
  customer.invoice_settings.default_payment_method = paymentMethod.id;
  emitEvent(ctx, 'customer.updated', customer, AUTOMATIC, { previous: previousAttributes(customerBefore, customer) ?? {} });

  for (const subscription of liveSubscriptions(ctx, customer.id)) {
    const before = structuredClone(subscription);
    subscription.default_payment_method = paymentMethod.id;
    const paid = payOpenInvoice(ctx, subscription, paymentMethod, now);
    if (paid) emitEvent(ctx, 'invoice.paid', paid, AUTOMATIC);
    emitEvent(ctx, 'customer.subscription.updated', subscription, AUTOMATIC, { previous: previousAttributes(before, subscription) ?? {} });
  }
  return paymentMethod;
}
