import type { EffectiveSubscription } from '../contracts/billing';
import type { CustomerRecord, SubscriptionRecord, UserSubscriptionRecord } from './billing';

const DAY_SECONDS = 24 * 60 * 60;
/** spec §9: the admin's synthetic subscription lasts 365 days ahead. */
export const ADMIN_ACCESS_DAYS = 365;
/** spec §9: the renewal period assumed when none is known. */
export const FALLBACK_RENEWAL_DAYS = 30;

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Stripe's final states: such a subscription never grants access again, whatever its period says. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * spec §4: active when status is active, or when it cancels at period end and
 * that end is still ahead. An ended subscription is not active: its period
 * end is Stripe's clock, which need not be ours (a test clock, a sandbox).
 */
export function isActive(
  sub: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: number | null },
  now: Date,
): boolean {
  if (sub.status === 'active' || sub.status === 'trialing') return true;
  if (ENDED.has(sub.status)) return false;
  return sub.cancelAtPeriodEnd && sub.currentPeriodEnd !== null && sub.currentPeriodEnd > seconds(now);
}

export function adminAccess(userId: string, now: Date, customer?: CustomerRecord): EffectiveSubscription {
  const at = now.toISOString();
  return {
    id: `admin-access-${userId}`,
    user_id: userId,
    stripe_customer_id: customer?.customerId ?? null,
    stripe_subscription_id: null,
    status: 'active',
    tier: 'elite',
    price_id: null,
    current_period_start: seconds(now),
    current_period_end: seconds(now) + ADMIN_ACCESS_DAYS * DAY_SECONDS,
    cancel_at_period_end: false,
    payment_method_brand: null,
    payment_method_last4: null,
    admin_access: true,
    active: true,
    created_at: at,
    updated_at: at,
  };
}

export function fromSubscriptionRecord(record: SubscriptionRecord, now: Date): EffectiveSubscription {
  const periodEnd = record.currentPeriodEnd ?? seconds(now) + FALLBACK_RENEWAL_DAYS * DAY_SECONDS;
  return {
    id: record.subscriptionId,
    user_id: record.userId,
    stripe_customer_id: record.customerId,
    stripe_subscription_id: record.subscriptionId,
    status: record.status,
    tier: record.tier,
    price_id: record.priceId,
    current_period_start: record.currentPeriodStart,
    current_period_end: periodEnd,
    cancel_at_period_end: record.cancelAtPeriodEnd,
    payment_method_brand: record.paymentMethodBrand,
    payment_method_last4: record.paymentMethodLast4,
    admin_access: false,
    active: isActive({ ...record, currentPeriodEnd: periodEnd }, now),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/** The last fallback: a bare status row, renewed every 30 days from when it was written. */
export function fromUserSubscription(
  row: UserSubscriptionRecord,
  now: Date,
  customer?: CustomerRecord,
): EffectiveSubscription {
  const since = seconds(new Date(row.updatedAt));
  const elapsedPeriods = Math.max(0, Math.floor((seconds(now) - since) / (FALLBACK_RENEWAL_DAYS * DAY_SECONDS)));
  const periodEnd = since + (elapsedPeriods + 1) * FALLBACK_RENEWAL_DAYS * DAY_SECONDS;
  return {
    id: `user-subscription-${row.userId}`,
    user_id: row.userId,
    stripe_customer_id: customer?.customerId ?? null,
    stripe_subscription_id: null,
    status: row.status,
    tier: null,
    price_id: null,
    current_period_start: periodEnd - FALLBACK_RENEWAL_DAYS * DAY_SECONDS,
    current_period_end: periodEnd,
    cancel_at_period_end: false,
    payment_method_brand: null,
    payment_method_last4: null,
    admin_access: false,
    active: row.status === 'active',
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
