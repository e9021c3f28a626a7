import type Stripe from 'stripe';
import { AUTOMATIC, requirePrice, type SandboxContext } from './context';
import { emitEvent } from './events';
import { buildCardPaymentMethod, buildCustomer, type CardDetails } from './objects';
import { startSubscription } from './subscriptions';

/** Stripe's placeholder in `success_url`, replaced by the session id on the way back. */
export const successUrlFor = (session: Stripe.Checkout.Session): string | null =>
  session.success_url ? session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id) : null;

/**
 * Pays a checkout session with a card the page accepted: the customer (made
 * now when the session had none), the card, the subscription, and the session
 * marked complete. Queues `customer.subscription.created`, `invoice.paid`,
 * `checkout.session.completed`, in that order.
 */
export function completeCheckout(ctx: SandboxContext, session: Stripe.Checkout.Session, card: CardDetails, email: string | null): Stripe.Subscription {
  const line = ctx.state.checkoutLines[session.id];
  if (!line) throw new Error(`Checkout session ${session.id} has no line item`);
  const now = ctx.clock.now();
  let customer = typeof session.customer === 'string' ? ctx.state.customers[session.customer] : undefined;
  if (!customer) {
    customer = buildCustomer({ email: session.customer_email ?? email, name: card.name, metadata: {}, created: now });
    ctx.state.customers[customer.id] = customer;
  }
  const paymentMethod = buildCardPaymentMethod(customer, card, now);
  ctx.state.paymentMethods[paymentMethod.id] = paymentMethod;
  const subscription = startSubscription(ctx, {
    customer,
    price: requirePrice(ctx, line.price, 'line_items[0][price]'),
    quantity: line.quantity,
    paymentMethod,
    metadata: line.subscriptionMetadata,
    origin: AUTOMATIC,
  });
  session.status = 'complete';
  session.payment_status = 'paid';
  session.subscription = subscription.id;
  session.invoice = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : null;
  session.customer = customer.id;
  session.customer_details = {
    address: { city: null, country: 'US', line1: null, line2: null, postal_code: null, state: null },
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: card.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  // A finished session no longer has a page to send anyone to.
  session.url = null;
  emitEvent(ctx, 'checkout.session.completed', session, AUTOMATIC);
  ctx.commit();
  return subscription;
}
