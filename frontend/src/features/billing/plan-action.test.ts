import { currentTierOf, planActionFor } from './plan-action';

describe('planActionFor', () => {
  it('offers every plan as Get Started without an active subscription', () => {
    expect(planActionFor('basic', null)).toBe('getStarted');
    expect(planActionFor('boost', null)).toBe('getStarted');
    expect(planActionFor('elite', null)).toBe('getStarted');
  });

  it('marks the current tier Active', () => {
    expect(planActionFor('boost', 'boost')).toBe('active');
  });

  it('orders basic < boost < elite for Upgrade and Downgrade', () => {
    expect(planActionFor('boost', 'basic')).toBe('upgrade');
    expect(planActionFor('elite', 'basic')).toBe('upgrade');
    expect(planActionFor('elite', 'boost')).toBe('upgrade');
    expect(planActionFor('basic', 'boost')).toBe('downgrade');
    expect(planActionFor('basic', 'elite')).toBe('downgrade');
    expect(planActionFor('boost', 'elite')).toBe('downgrade');
  });
});

describe('currentTierOf', () => {
  it('is the tier of an active subscription', () => {
    expect(currentTierOf({ active: true, tier: 'elite' })).toBe('elite');
  });

  it('is null for a lapsed subscription, one of unknown tier, or none', () => {
    expect(currentTierOf({ active: false, tier: 'boost' })).toBeNull();
    expect(currentTierOf({ active: true, tier: null })).toBeNull();
    expect(currentTierOf(null)).toBeNull();
    expect(currentTierOf(undefined)).toBeNull();
  });
});
