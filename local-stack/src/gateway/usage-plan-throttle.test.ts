import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { TEST_THROTTLE, throttleOf } from '@frameforge/functions/kernel/contracts/usage-plans';
import { UsagePlanThrottle } from './usage-plan-throttle';

describe('local usage-plan throttle', () => {
  it('lets a key burst up to its plan ceiling, then refills at the plan rate', () => {
    let now = 0;
    const throttle = new UsagePlanThrottle(() => now);
    const { burstLimit, rateLimit } = throttleOf('basic');
    expect(Array.from({ length: burstLimit + 1 }, () => throttle.take('k1', 'basic')).filter(Boolean)).toHaveLength(burstLimit);
    now += Math.ceil(1000 / rateLimit) - 10;
    expect(throttle.take('k1', 'basic')).toBe(false);
    now += 20;
    expect(throttle.take('k1', 'basic')).toBe(true);
  });

  it('sits above every product limit, so our code answers those refusals exactly', () => {
    expect(throttleOf('basic').burstLimit).toBeGreaterThanOrEqual(50);
    expect(throttleOf('boost').burstLimit).toBeGreaterThan(throttleOf('basic').burstLimit);
    expect(throttleOf('elite').burstLimit).toBeGreaterThan(throttleOf('boost').burstLimit);
  });

  it('holds a test key to the small test plan, whatever tier its answer carries', () => {
    const throttle = new UsagePlanThrottle(() => 0);
    const passed = Array.from({ length: throttleOf('elite').burstLimit }, () => throttle.take('t', 'elite', 'test')).filter(Boolean);
    expect(passed).toHaveLength(TEST_THROTTLE.burstLimit);
    expect(TEST_THROTTLE.burstLimit).toBeGreaterThan(TEST_MODE.requestsPerMinute);
  });

  it('keeps keys apart', () => {
    const throttle = new UsagePlanThrottle(() => 0);
    const { burstLimit } = throttleOf('boost');
    expect(Array.from({ length: burstLimit + 1 }, () => throttle.take('b', 'boost')).filter(Boolean)).toHaveLength(burstLimit);
    expect(throttle.take('other', 'boost')).toBe(true);
  });

  it('does not throttle an answer without a usage identifier or tier', () => {
    const throttle = new UsagePlanThrottle(() => 0);
    expect(Array.from({ length: 300 }, () => throttle.take(undefined, 'basic')).every(Boolean)).toBe(true);
    expect(throttle.take('x', undefined)).toBe(true);
  });
});
