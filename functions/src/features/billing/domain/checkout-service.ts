import type { CheckoutRequest } from '../contracts/billing';
import { planByTier, tierOfPrice, type PriceIds } from '../../../kernel/contracts/plans';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../kernel/domain/errors';
import type { BillingProvider, BillingRepository, CustomerRecord } from './billing';
import type { SubscriptionLookup } from './subscription-lookup';

export interface Caller {
  userId: string;
  email: string | null;
}

/**
 * Starts payments. Never trusts ids from the body: the price must be one of
 * the configured plans, return URLs must be on the portal's own origin, and
 * the customer is always the caller's own.
 */
export class CheckoutService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly provider: BillingProvider,
    private readonly lookup: SubscriptionLookup,
    private readonly settings: { prices: PriceIds; portalUrl: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A checkout URL for a new subscriber. A subscriber who picks another plan
   * gets the billing portal's confirmation of the switch instead, as Stripe
   * recommends: a second subscription would charge twice.
   */
  async start(caller: Caller, request: CheckoutRequest): Promise<string> {
    const tier = tierOfPrice(this.settings.prices, request.price_id);
    if (!tier) throw new ValidationError('price_id is not one of the plans.', { param: 'price_id' });
    this.assertOwnOrigin(request.success_url, 'success_url');
    this.assertOwnOrigin(request.cancel_url, 'cancel_url');

    const { subscription } = await this.lookup.forUser(caller.userId);
    if (subscription?.admin_access) {
      throw new ConflictError('Admins have Admin Access and need no subscription.', { param: 'price_id' });
    }
    const customer = await this.ensureCustomer(caller);
    if (subscription?.active && subscription.stripe_subscription_id) {
      if (subscription.tier === tier) {
        throw new ConflictError(`You are already subscribed to ${planByTier(tier).name}.`, { param: 'price_id' });
      }
      const current = await this.provider.retrieveSubscription(subscription.stripe_subscription_id);
      if (current?.itemId) {
        return this.provider.createPortalSession({
          customerId: customer.customerId,
          returnUrl: this.returnUrl(),
          switchTo: { subscriptionId: current.subscriptionId, itemId: current.itemId, priceId: request.price_id },
        });
      }
    }
    return this.provider.createCheckoutSession({
      customerId: customer.customerId,
      userId: caller.userId,
      priceId: request.price_id,
      successUrl: request.success_url,
      cancelUrl: request.cancel_url,
    });
  }

  /** The billing portal of the caller's own customer, on its home page or straight on the card update. */
  async portal(userId: string, customerId: string, flow?: 'payment_method_update'): Promise<string> {
    const customer = await this.billing.findCustomerByUser(userId);
    if (!customer || customer.deletedAt) {
      throw new NotFoundError('Customer ID not found. Please contact support.', { param: 'customer_id' });
    }
    if (customer.customerId !== customerId) {
      throw new ForbiddenError('This customer_id does not belong to your account.', { param: 'customer_id' });
    }
    return this.provider.createPortalSession({
      customerId: customer.customerId,
      returnUrl: this.returnUrl(),
      ...(flow === 'payment_method_update' ? { updateCard: true } : {}),
    });
  }

  private returnUrl(): string {
    return new URL('/subscription', this.settings.portalUrl).toString();
  }

  private assertOwnOrigin(url: string, param: string): void {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      throw new ValidationError(`${param} must be a URL.`, { param });
    }
    if (origin !== new URL(this.settings.portalUrl).origin) {
      throw new ValidationError(`${param} must be on the portal's own origin.`, { param });
    }
  }

  private async ensureCustomer(caller: Caller): Promise<CustomerRecord> {
    const existing = await this.billing.findCustomerByUser(caller.userId);
    if (existing && !existing.deletedAt) return existing;
    const customerId = await this.provider.createCustomer({ userId: caller.userId, email: caller.email });
    return this.billing.putCustomerIfAbsent({
      userId: caller.userId,
      customerId,
      email: caller.email,
      createdAt: this.now().toISOString(),
      deletedAt: null,
    });
  }
}
