import { PLANS, type Tier } from '@frameforge/functions/kernel/contracts/plans';
import { useCheckout } from '../hooks/use-checkout';
import { planActionFor } from '../plan-action';
import { PlanCard } from './plan-card';

export interface PlanGridProps {
  currentTier: Tier | null;
  /** Until the subscription is known, a button could offer the wrong action. */
  loading: boolean;
  /** Admin Access is not bought: there is no plan to switch to. */
  adminAccess: boolean;
  onNotAuthenticated: () => void;
}

/** The three plans: stacked on a phone, side by side on a wide screen. */
export function PlanGrid({ currentTier, loading, adminAccess, onNotAuthenticated }: PlanGridProps) {
  const { pendingTier, choose } = useCheckout(onNotAuthenticated);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {PLANS.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          action={planActionFor(plan.tier, currentTier)}
          busy={pendingTier === plan.tier}
          disabled={loading || adminAccess || (pendingTier !== null && pendingTier !== plan.tier)}
          onChoose={() => void choose(plan.tier)}
        />
      ))}
    </div>
  );
}
