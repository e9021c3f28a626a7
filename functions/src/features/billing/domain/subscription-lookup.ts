import type { SubscriptionResponse } from '../contracts/billing';
import type { BillingRepository, RoleRepository } from './billing';
import { adminAccess, fromSubscriptionRecord, fromUserSubscription } from './effective-subscription';

export const ADMIN_ROLE = 'admin';

/**
 * The caller's effective subscription by the spec's lookup order: admins get
 * Admin Access; then the per-user view; then the customer and subscription
 * tables (strongly consistent, so a write the view has not caught up with
 * still counts); then a user_subscriptions row with status active.
 */
export class SubscriptionLookup {
  constructor(
    private readonly billing: BillingRepository,
    private readonly roles: RoleRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async forUser(userId: string): Promise<SubscriptionResponse> {
    const now = this.now();
    const [role, viewRow] = await Promise.all([this.roles.roleOf(userId), this.billing.findSubscriptionByUser(userId)]);
    const isAdmin = role === ADMIN_ROLE;
    if (isAdmin) {
      const customer = await this.billing.findCustomerByUser(userId);
      return { subscription: adminAccess(userId, now, customer?.deletedAt ? undefined : customer), is_admin: true };
    }
    if (viewRow) return { subscription: fromSubscriptionRecord(viewRow, now), is_admin: false };

    const customer = await this.billing.findCustomerByUser(userId);
    const live = customer && !customer.deletedAt ? customer : undefined;
    if (live) {
      const row = await this.billing.findSubscriptionByCustomer(live.customerId);
      if (row) return { subscription: fromSubscriptionRecord(row, now), is_admin: false };
    }
    const fallback = await this.billing.findUserSubscription(userId);
    if (fallback?.status === 'active') {
      return { subscription: fromUserSubscription(fallback, now, live), is_admin: false };
    }
    return { subscription: null, is_admin: false };
  }
}
