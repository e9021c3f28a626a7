import type { EffectiveSubscription } from '@frameforge/functions/features/billing/contracts/billing';
import { formatDay, periodEndDate, periodLabelOf, subscriptionNameOf, subscriptionNameText, subscriptionSummaryOf } from './subscription-summary';

const base = { admin_access: false, cancel_at_period_end: false, status: 'active' };

describe('periodLabelOf', () => {
  it('says a running subscription renews', () => {
    expect(periodLabelOf(base)).toBe('renewsOn');
    expect(periodLabelOf({ ...base, status: 'past_due' })).toBe('renewsOn');
  });

  it('says a subscription set to cancel at the period end cancels', () => {
    expect(periodLabelOf({ ...base, cancel_at_period_end: true })).toBe('cancelsOn');
  });

  it('says a cancelled subscription has ended, even if it was set to cancel', () => {
    expect(periodLabelOf({ ...base, status: 'canceled', cancel_at_period_end: true })).toBe('endedOn');
  });

  it('says Admin Access is valid until its end, whatever the other fields say', () => {
    expect(periodLabelOf({ ...base, admin_access: true })).toBe('validUntil');
    expect(periodLabelOf({ ...base, admin_access: true, cancel_at_period_end: true })).toBe('validUntil');
  });
});

describe('periodEndDate and formatDay', () => {
  const noonUtc = Date.UTC(2026, 0, 15, 12) / 1000;

  it('reads Stripe seconds as a date', () => {
    expect(periodEndDate(noonUtc).toISOString()).toBe('2026-01-15T12:00:00.000Z');
  });

  it('formats the day in the reader language', () => {
    expect(formatDay(periodEndDate(noonUtc), 'en')).toBe('January 15, 2026');
    expect(formatDay(periodEndDate(noonUtc), 'de')).toBe('15. Januar 2026');
    expect(formatDay(periodEndDate(noonUtc), 'it')).toBe('15 gennaio 2026');
  });
});

describe('subscriptionNameOf', () => {
  it('names a plan by its catalogue name', () => {
    expect(subscriptionNameOf({ admin_access: false, tier: 'boost' })).toEqual({ kind: 'plan', name: 'Boost' });
  });

  it('names Admin Access before the tier it grants', () => {
    expect(subscriptionNameOf({ admin_access: true, tier: 'elite' })).toEqual({ kind: 'admin' });
  });

  it('has no name for a subscription of unknown tier', () => {
    expect(subscriptionNameOf({ admin_access: false, tier: null })).toEqual({ kind: 'unknown' });
  });
});

describe('subscriptionNameText', () => {
  const texts = { admin: 'Admin Access', unknown: 'Unknown plan' };

  it('writes a plan by its catalogue name and the others by the texts given', () => {
    expect(subscriptionNameText({ kind: 'plan', name: 'Elite' }, texts)).toBe('Elite');
    expect(subscriptionNameText({ kind: 'admin' }, texts)).toBe('Admin Access');
    expect(subscriptionNameText({ kind: 'unknown' }, texts)).toBe('Unknown plan');
  });
});

describe('subscriptionSummaryOf', () => {
  const subscription: EffectiveSubscription = {
    id: 'sub-1',
    user_id: 'user-1',
    stripe_customer_id: 'cus_1',
    stripe_subscription_id: 'sub_1',
    status: 'active',
    tier: 'boost',
    price_id: 'price_1',
    current_period_start: Date.UTC(2026, 2, 15) / 1000,
    current_period_end: Date.UTC(2026, 3, 15, 12) / 1000,
    cancel_at_period_end: true,
    payment_method_brand: 'visa',
    payment_method_last4: '4242',
    admin_access: false,
    active: true,
    created_at: '2026-03-15T00:00:00.000Z',
    updated_at: '2026-03-15T00:00:00.000Z',
  };

  it('states the name, how the period ends and its last day in the reader language', () => {
    expect(subscriptionSummaryOf(subscription, 'en')).toEqual({ name: { kind: 'plan', name: 'Boost' }, periodLabel: 'cancelsOn', periodEnd: formatDay(periodEndDate(subscription.current_period_end), 'en') });
    expect(subscriptionSummaryOf(subscription, 'de').periodEnd).toBe(formatDay(periodEndDate(subscription.current_period_end), 'de'));
    expect(subscriptionSummaryOf(subscription, 'de').periodEnd).toMatch(/April 2026/);
  });
});
