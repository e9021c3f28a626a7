import { dayOf, endOfDay, expiryState, localDay } from './key-expiry';

describe('key expiry in the portal', () => {
  it('ends a picked day at its last local second, and reads the day back', () => {
    const end = endOfDay('2026-07-04');
    expect(end).not.toBeNull();
    const at = new Date(end ?? '');
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()]).toEqual([2026, 6, 4, 23, 59, 59]);
    expect(dayOf(end)).toBe('2026-07-04');
    expect(localDay(at)).toBe('2026-07-04');
  });

  it('takes no day as no expiry', () => {
    expect(endOfDay('')).toBeNull();
    expect(endOfDay('04/07/2026')).toBeNull();
    expect(dayOf(null)).toBe('');
  });

  it('tells a key that expires from one that expired', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(expiryState(null, now)).toBe('never');
    expect(expiryState('2026-05-01T12:00:01Z', now)).toBe('expires');
    expect(expiryState('2026-05-01T12:00:00Z', now)).toBe('expired');
  });
});
