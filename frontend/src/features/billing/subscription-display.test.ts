import { cardBrandName, isKnownStatus, statusToneOf } from './subscription-display';

describe('statusToneOf', () => {
  it('shows running subscriptions as positive', () => {
    expect(statusToneOf('active')).toBe('positive');
    expect(statusToneOf('trialing')).toBe('positive');
  });

  it('flags payment trouble', () => {
    expect(statusToneOf('past_due')).toBe('warning');
    expect(statusToneOf('unpaid')).toBe('warning');
    expect(statusToneOf('incomplete')).toBe('warning');
  });

  it('keeps finished and unknown statuses neutral', () => {
    expect(statusToneOf('canceled')).toBe('neutral');
    expect(statusToneOf('something_new')).toBe('neutral');
  });
});

describe('isKnownStatus', () => {
  it('knows Stripe statuses and nothing else', () => {
    expect(isKnownStatus('past_due')).toBe(true);
    expect(isKnownStatus('Active')).toBe(false);
    expect(isKnownStatus('')).toBe(false);
  });
});

describe('cardBrandName', () => {
  it('uses the marketed name of known brands', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('MasterCard')).toBe('Mastercard');
  });

  it('title-cases a brand it does not know', () => {
    expect(cardBrandName('eftpos_au')).toBe('Eftpos Au');
  });

  it('has no name for a missing or unknown brand', () => {
    expect(cardBrandName(null)).toBeNull();
    expect(cardBrandName('  ')).toBeNull();
    expect(cardBrandName('unknown')).toBeNull();
  });
});
