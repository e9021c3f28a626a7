import type { EffectiveSubscription } from '@frameforge/functions/features/billing/contracts/billing';
import { tierRank, type Tier } from '@frameforge/functions/kernel/contracts/plans';

export type PlanAction = 'getStarted' | 'active' | 'upgrade' | 'downgrade';

/** The tier whose card reads 'Active': only a subscription that is active right now counts. */
export function currentTierOf(subscription: Pick<EffectiveSubscription, 'active' | 'tier'> | null | undefined): Tier | null {
  return subscription?.active ? subscription.tier : null;
}

/** What a plan card's button offers, given the tier the user holds now (null: none). */
export function planActionFor(planTier: Tier, currentTier: Tier | null): PlanAction {
  if (currentTier === null) return 'getStarted';
  if (planTier === currentTier) return 'active';
  return tierRank(planTier) > tierRank(currentTier) ? 'upgrade' : 'downgrade';
}
