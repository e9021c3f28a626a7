import { UsagePlanThrottle } from './usage-plan-throttle';

describe('local usage-plan throttle', () => {
  it('lets a basic key burst 3 requests, then refills at 3 a minute', () => {
    let now = 0;
    const throttle = new UsagePlanThrottle(() => now);
    expect([1, 2, 3, 4].map(() => throttle.take('k1', 'basic'))).toEqual([true, true, true, false]);
    now += 19_000;
    expect(throttle.take('k1', 'basic')).toBe(false);
    now += 1_000;
    expect(throttle.take('k1', 'basic')).toBe(true);
  });

  it('gives boost a burst of 5 and keeps keys apart', () => {
    const throttle = new UsagePlanThrottle(() => 0);
    expect(Array.from({ length: 6 }, () => throttle.take('b', 'boost')).filter(Boolean)).toHaveLength(5);
    expect(throttle.take('other', 'boost')).toBe(true);
  });

  it('lets elite through far beyond the other plans', () => {
    const throttle = new UsagePlanThrottle(() => 0);
    expect(Array.from({ length: 100 }, () => throttle.take('e', 'elite')).every(Boolean)).toBe(true);
    expect(throttle.take('e', 'elite')).toBe(false);
  });

  it('does not throttle an answer without a usage identifier or tier', () => {
    const throttle = new UsagePlanThrottle(() => 0);
    expect(Array.from({ length: 10 }, () => throttle.take(undefined, 'basic')).every(Boolean)).toBe(true);
    expect(throttle.take('x', undefined)).toBe(true);
  });
});
