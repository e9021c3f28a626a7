import type { EffectiveSubscription } from '@frameforge/functions/features/billing/contracts/billing';
import { needsSubscription } from './subscription-gate';

const subscription: EffectiveSubscription = {
  id: 'sub_1',
  user_id: 'user-1',
  stripe_customer_id: 'cus_1',
  stripe_subscription_id: 'sub_1',
  status: 'active',
  tier: 'basic',
  price_id: 'price_basic',
  current_period_start: 1_700_000_000,
  current_period_end: 1_702_592_000,
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
  admin_access: false,
  active: true,
  created_at: '2023-11-14T22:13:20.000Z',
  updated_at: '2023-11-14T22:13:20.000Z',
};

describe('needsSubscription', () => {
  it('asks for a subscription when there is none', () => {
    expect(needsSubscription({ subscription: null, is_admin: false })).toBe(true);
  });

  it('asks for a subscription when the one there is has lapsed', () => {
    expect(needsSubscription({ subscription: { ...subscription, status: 'canceled', active: false }, is_admin: false })).toBe(true);
  });

  it('lets an active subscriber or Admin Access create keys', () => {
    expect(needsSubscription({ subscription, is_admin: false })).toBe(false);
    expect(needsSubscription({ subscription: { ...subscription, admin_access: true, tier: 'elite' }, is_admin: true })).toBe(false);
  });

  it('does not block while the subscription is unknown', () => {
    expect(needsSubscription(undefined)).toBe(false);
  });
});
