import type { SubscriptionRecord } from './billing';
import { adminAccess, fromSubscriptionRecord, fromUserSubscription, isActive } from './effective-subscription';
import { entitlementOf } from '../../api-keys/domain/entitlement';

const now = new Date('2026-11-23T12:00:00Z');
const nowS = now.getTime() / 1000;
const DAY = 86_400;

const record = (over: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  userId: 'u1',
  status: 'active',
  itemId: 'si_1',
  priceId: 'price_boost',
  tier: 'boost',
  currentPeriodStart: nowS - DAY,
  currentPeriodEnd: nowS + 29 * DAY,
  cancelAtPeriodEnd: false,
  paymentMethodBrand: 'visa',
  paymentMethodLast4: '4242',
  readAt: 1,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  ...over,
});

describe('the spec rule for an active subscription', () => {
  it('is active when the status is active', () => {
    expect(isActive({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: nowS - 1 }, now)).toBe(true);
  });

  it('stays active while it cancels at a period end still ahead, and not after', () => {
    const canceling = { status: 'past_due', cancelAtPeriodEnd: true };
    expect(isActive({ ...canceling, currentPeriodEnd: nowS + 60 }, now)).toBe(true);
    expect(isActive({ ...canceling, currentPeriodEnd: nowS - 60 }, now)).toBe(false);
  });

  it('is never active once Stripe ended it, whatever its period end says', () => {
    expect(isActive({ status: 'canceled', cancelAtPeriodEnd: true, currentPeriodEnd: nowS + DAY }, now)).toBe(false);
    expect(isActive({ status: 'incomplete_expired', cancelAtPeriodEnd: true, currentPeriodEnd: nowS + DAY }, now)).toBe(false);
  });

  it('is not active for a lapsed payment or a canceled subscription', () => {
    expect(isActive({ status: 'past_due', cancelAtPeriodEnd: false, currentPeriodEnd: nowS + DAY }, now)).toBe(false);
    expect(isActive({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: nowS + DAY }, now)).toBe(false);
  });
});

describe('the effective subscription', () => {
  it('gives admins Admin Access for 365 days with Elite limits', () => {
    const sub = adminAccess('u1', now);
    expect(sub).toMatchObject({ admin_access: true, active: true, status: 'active', tier: 'elite' });
    expect(sub.current_period_end - nowS).toBe(365 * DAY);
    expect(entitlementOf({ subscription: sub, is_admin: true })).toEqual({ active: true, tier: 'elite', status: 'admin' });
  });

  it('maps a stored Stripe subscription field by field', () => {
    expect(fromSubscriptionRecord(record(), now)).toMatchObject({
      id: 'sub_1',
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      tier: 'boost',
      current_period_end: nowS + 29 * DAY,
      payment_method_last4: '4242',
      active: true,
    });
  });

  it('assumes a 30-day renewal when Stripe gave no period end', () => {
    expect(fromSubscriptionRecord(record({ currentPeriodEnd: null }), now).current_period_end).toBe(nowS + 30 * DAY);
  });

  it('renews a bare status row every 30 days from when it was written', () => {
    const row = { userId: 'u1', status: 'active', createdAt: '2026-10-01T12:00:00Z', updatedAt: '2026-10-01T12:00:00Z' };
    const sub = fromUserSubscription(row, now);
    const written = new Date(row.updatedAt).getTime() / 1000;
    expect(sub.current_period_end).toBe(written + 60 * DAY);
    expect(sub.active).toBe(true);
    expect(entitlementOf({ subscription: sub, is_admin: false }).tier).toBe('basic');
  });

  it('entitles nobody without a subscription', () => {
    expect(entitlementOf({ subscription: null, is_admin: false })).toEqual({ active: false, tier: 'basic', status: 'none' });
  });
});
