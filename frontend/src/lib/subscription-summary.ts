import type { EffectiveSubscription } from '@frameforge/functions/features/billing/contracts/billing';
import { planByTier } from '@frameforge/functions/kernel/contracts/plans';

/** Which sentence goes with the end of the current period. */
export type PeriodLabel = 'renewsOn' | 'cancelsOn' | 'validUntil' | 'endedOn';

type PeriodFields = Pick<EffectiveSubscription, 'admin_access' | 'cancel_at_period_end' | 'status'>;

export function periodLabelOf(subscription: PeriodFields): PeriodLabel {
  // Admin Access never renews or cancels: it simply runs out.
  if (subscription.admin_access) return 'validUntil';
  if (subscription.status === 'canceled') return 'endedOn';
  if (subscription.cancel_at_period_end) return 'cancelsOn';
  return 'renewsOn';
}

/** Stripe counts in seconds since the epoch. */
export function periodEndDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** A calendar day in the reader's language and time zone. */
export function formatDay(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

export type SubscriptionName = { kind: 'admin' } | { kind: 'plan'; name: string } | { kind: 'unknown' };

/** Admin Access is named by the caller (it is a translated text); a plan by its catalogue name. */
export function subscriptionNameOf(subscription: Pick<EffectiveSubscription, 'admin_access' | 'tier'>): SubscriptionName {
  if (subscription.admin_access) return { kind: 'admin' };
  if (subscription.tier) return { kind: 'plan', name: planByTier(subscription.tier).name };
  return { kind: 'unknown' };
}

/** A plan's catalogue name, or the caller's translation of Admin Access or of an unknown plan. */
export function subscriptionNameText(name: SubscriptionName, texts: { admin: string; unknown: string }): string {
  if (name.kind === 'admin') return texts.admin;
  return name.kind === 'plan' ? name.name : texts.unknown;
}

export interface SubscriptionSummary {
  name: SubscriptionName;
  periodLabel: PeriodLabel;
  /** The current period's last day, written in the reader's language. */
  periodEnd: string;
}

/** What every view of a current subscription states: its name and how and when its period ends. */
export function subscriptionSummaryOf(subscription: EffectiveSubscription, language: string): SubscriptionSummary {
  return {
    name: subscriptionNameOf(subscription),
    periodLabel: periodLabelOf(subscription),
    periodEnd: formatDay(periodEndDate(subscription.current_period_end), language),
  };
}
