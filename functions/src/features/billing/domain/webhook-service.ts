import { tierOfPrice, type PriceIds, type Tier } from '../../../kernel/contracts/plans';
import type { BillingEvent, BillingProvider, BillingRepository, ProcessedEventStore, SubscriptionSnapshot } from './billing';
import { isActive } from './effective-subscription';

/** The events that can change a subscription; everything else is acknowledged and left alone. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'stale';

/** Told when a user's tier or standing may have changed (moves their keys between usage plans). */
export type EntitlementListener = (userId: string, entitlement: { tier: Tier; active: boolean }) => Promise<void>;

/** Told of each subscription as stored after an event (the e-mails about a cancellation or a failed payment). */
export type SubscriptionListener = (userId: string, subscription: SubscriptionSnapshot, tier: Tier | null) => Promise<unknown>;

/** Subscriptions that still grant (or may again grant) access; a late event for an old one must not replace them. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused', 'incomplete']);

/**
 * Stripe's webhook, as Stripe recommends: the signature is checked on the raw
 * body, each event id is processed once, and the subscription is re-read
 * from Stripe rather than taken from the event, so the order in which events
 * arrive does not matter.
 */
export class WebhookService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly provider: BillingProvider,
    private readonly processed: ProcessedEventStore,
    private readonly prices: PriceIds,
    private readonly onEntitlement: EntitlementListener,
    private readonly now: () => Date = () => new Date(),
    private readonly onSynced?: SubscriptionListener,
  ) {}

  async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const event = await this.provider.verifyEvent(rawBody, signature);
    if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
    if (!(await this.processed.claim(event.id, event.type))) return 'duplicate';
    try {
      return await this.sync(event);
    } catch (error) {
      // Not processed after all: Stripe's retry must find the event unclaimed.
      await this.processed.release(event.id);
      throw error;
    }
  }

  private async sync(event: BillingEvent): Promise<WebhookOutcome> {
    if (!event.customerId) return 'ignored';
    const customer = await this.billing.findCustomerById(event.customerId);
    // A customer this product never created (another integration on the account, or a deleted test).
    if (!customer) return 'ignored';
    const readAt = this.now().getTime();
    const snapshot = event.subscriptionId
      ? await this.provider.retrieveSubscription(event.subscriptionId)
      : await this.provider.latestSubscriptionOf(customer.customerId);
    if (!snapshot || snapshot.customerId !== customer.customerId) return 'ignored';

    const stored = await this.billing.findSubscriptionByCustomer(customer.customerId);
    if (stored && stored.subscriptionId !== snapshot.subscriptionId && !this.replaces(snapshot, stored)) return 'stale';

    const at = this.now().toISOString();
    const tier = tierOfPrice(this.prices, snapshot.priceId);
    const outcome = await this.billing.saveSubscription(
      { ...snapshot, userId: customer.userId, tier, readAt, createdAt: stored?.createdAt ?? at, updatedAt: at },
      { userId: customer.userId, status: snapshot.status, createdAt: stored?.createdAt ?? at, updatedAt: at },
    );
    if (outcome === 'stale') return 'stale';
    await this.onEntitlement(customer.userId, { tier: tier ?? 'basic', active: isActive(snapshot, this.now()) });
    // A failure here releases the event, and Stripe's retry re-reads the same facts: the e-mail is not lost.
    await this.onSynced?.(customer.userId, snapshot, tier);
    return 'processed';
  }

  /** Another subscription of the same customer takes the row only if it is live or the stored one is not. */
  private replaces(incoming: SubscriptionSnapshot, stored: SubscriptionSnapshot): boolean {
    return LIVE_STATUSES.has(incoming.status) || !LIVE_STATUSES.has(stored.status);
  }
}
