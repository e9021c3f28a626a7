import type { SubscriptionResponse } from '../../billing/contracts/billing';
import type { Tier } from '../../../kernel/contracts/plans';

/** What a user's subscription entitles their keys to. */
export interface Entitlement {
  active: boolean;
  tier: Tier;
  /** Stripe's status, 'admin' for Admin Access, or 'none'. */
  status: string;
}

/** A subscription known only by its status row has no price: it gets the lowest tier. */
export function entitlementOf({ subscription }: SubscriptionResponse): Entitlement {
  if (!subscription) return { active: false, tier: 'basic', status: 'none' };
  return {
    active: subscription.active,
    tier: subscription.tier ?? 'basic',
    status: subscription.admin_access ? 'admin' : subscription.status,
  };
}
