import type Stripe from 'stripe';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  InvoicePage,
  PortalInput,
  SubscriptionSnapshot,
} from '../../domain/billing';
import { InvalidSignatureError } from '../../domain/billing-errors';
import { UpstreamError } from '../../../../kernel/domain/errors';
import { eventReferences } from './event-references';
import { listInvoicesOf } from './stripe-invoices';

/** Live subscriptions first when a customer has several. */
const STATUS_ORDER = ['active', 'trialing', 'past_due', 'unpaid', 'paused', 'incomplete'];

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function toSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const method = subscription.default_payment_method;
  const card = method && typeof method !== 'string' ? method.card : null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    itemId: item?.id ?? null,
    priceId: item?.price.id ?? null,
    currentPeriodStart: item?.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentMethodBrand: card?.brand ?? null,
    paymentMethodLast4: card?.last4 ?? null,
  };
}

/** Subscriptions that no longer bill and cannot be cancelled again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Stripe out of reach or overloaded: the caller may retry, so it is a 503, not our 500. */
const TRANSIENT = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (TRANSIENT.has((error as { type?: string }).type ?? '')) {
      throw new UpstreamError('The payment provider is not reachable right now. Please try again.', { cause: error });
    }
    throw error;
  }
}

const isMissing = (error: unknown): boolean =>
  (error as { type?: string; code?: string }).type === 'StripeInvalidRequestError' &&
  (error as { code?: string }).code === 'resource_missing';

export class StripeBillingProvider implements BillingProvider {
  constructor(
    private readonly stripe: Stripe,
    /** Read on the first webhook only: other callers of the provider may not hold it. */
    private readonly webhookSecret: () => Promise<string>,
  ) {}

  async createCustomer({ userId, email }: { userId: string; email: string | null }): Promise<string> {
    const customer = await calling(() => this.stripe.customers.create(
      { ...(email ? { email } : {}), metadata: { userId } },
      // Two clicks on two plans must not make two customers.
      { idempotencyKey: `customer-${userId}` },
    ));
    return customer.id;
  }

  async createCheckoutSession(input: CheckoutInput): Promise<string> {
    const session = await calling(() => this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.userId,
      metadata: { userId: input.userId },
      subscription_data: { metadata: { userId: input.userId } },
    }));
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return session.url;
  }

  async createPortalSession({ customerId, returnUrl, switchTo, updateCard }: PortalInput): Promise<string> {
    const session = await calling(() => this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
      ...(updateCard
        ? { flow_data: { type: 'payment_method_update' as const, after_completion: { type: 'redirect' as const, redirect: { return_url: returnUrl } } } }
        : {}),
      ...(switchTo
        ? {
            flow_data: {
              type: 'subscription_update_confirm' as const,
              subscription_update_confirm: {
                subscription: switchTo.subscriptionId,
                items: [{ id: switchTo.itemId, price: switchTo.priceId, quantity: 1 }],
              },
              after_completion: { type: 'redirect' as const, redirect: { return_url: returnUrl } },
            },
          }
        : {}),
    }));
    return session.url;
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | undefined> {
    try {
      const subscription = await calling(() =>
        this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }),
      );
      return toSnapshot(subscription);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async latestSubscriptionOf(customerId: string): Promise<SubscriptionSnapshot | undefined> {
    const list = await calling(() =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10, expand: ['data.default_payment_method'] }),
    );
    const rank = (s: Stripe.Subscription) => {
      const index = STATUS_ORDER.indexOf(s.status);
      return index < 0 ? STATUS_ORDER.length : index;
    };
    const best = [...list.data].sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0];
    return best ? toSnapshot(best) : undefined;
  }

  async cancelSubscriptionsOf(customerId: string): Promise<void> {
    const billing = await calling(() => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
    for (const subscription of billing.data.filter((s) => !ENDED.has(s.status))) {
      try {
        await calling(() => this.stripe.subscriptions.cancel(subscription.id));
      } catch (error) {
        // Another attempt (or the customer, in Stripe's portal) ended it meanwhile: that is the outcome wanted.
        const now = await this.retrieveSubscription(subscription.id);
        if (!now || ENDED.has(now.status)) continue;
        throw error;
      }
    }
  }

  listInvoices(customerId: string, page: { limit: number; startingAfter?: string }): Promise<InvoicePage> {
    return calling(() => listInvoicesOf(this.stripe, customerId, page));
  }

  async verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header.');
    const secret = await this.webhookSecret();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new InvalidSignatureError();
    }
    return { id: event.id, type: event.type, ...eventReferences(event) };
  }
}
