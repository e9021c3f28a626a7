import { AttemptLimits, HOURLY_ATTEMPTS } from './cognito-attempt-limits';

function clock() {
  let now = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("the emulator's per-user limits", () => {
  it('allows a kind of attempt a few times an hour per user, then refuses until the hour has passed', () => {
    const time = clock();
    const limits = new AttemptLimits(time.now);
    for (let i = 0; i < HOURLY_ATTEMPTS.passwordReset; i += 1) expect(limits.take('passwordReset', 'Ann@Example.com')).toBe(true);
    expect(limits.take('passwordReset', 'ann@example.com')).toBe(false);
    expect(limits.take('passwordReset', 'bob@example.com')).toBe(true);
    expect(limits.allows('resendCode', 'ann@example.com')).toBe(true);
    time.advance(3_600_001);
    expect(limits.take('passwordReset', 'ann@example.com')).toBe(true);
  });

  it('counts only what it is told to count', () => {
    const limits = new AttemptLimits(clock().now);
    for (let i = 0; i < 10; i += 1) expect(limits.allows('currentPassword', 'u')).toBe(true);
    for (let i = 0; i < HOURLY_ATTEMPTS.currentPassword; i += 1) limits.count('currentPassword', 'u');
    expect(limits.allows('currentPassword', 'u')).toBe(false);
  });

  it('locks sign-in out after five failures, for 1 s doubling, and forgets after a success', () => {
    const time = clock();
    const limits = new AttemptLimits(time.now);
    for (let i = 0; i < 4; i += 1) limits.signInFailed('u');
    expect(limits.signInLocked('u')).toBe(false);
    limits.signInFailed('u');
    expect(limits.signInLocked('u')).toBe(true);
    time.advance(1001);
    expect(limits.signInLocked('u')).toBe(false);
    limits.signInFailed('u');
    time.advance(1001);
    expect(limits.signInLocked('u')).toBe(true);
    time.advance(1000);
    expect(limits.signInLocked('u')).toBe(false);
    limits.signInSucceeded('u');
    limits.signInFailed('u');
    expect(limits.signInLocked('u')).toBe(false);
  });

  it('caps the lockout at 15 minutes', () => {
    const time = clock();
    const limits = new AttemptLimits(time.now);
    for (let i = 0; i < 40; i += 1) limits.signInFailed('u');
    time.advance(15 * 60_000 - 1);
    expect(limits.signInLocked('u')).toBe(true);
    time.advance(2);
    expect(limits.signInLocked('u')).toBe(false);
  });
});
