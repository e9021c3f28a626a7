/**
 * Cognito's per-user throttles, kept for as long as the emulator runs:
 * - code requests and code entries (forgot password, resent sign-up codes)
 *   wrong current passwords and wrong codes confirming a new authenticator
 *   app are capped per hour, then answered with
 *   LimitExceededException (AWS allows 5 to 20 an hour depending on risk;
 *   the emulator takes the strictest, so a test that passes here passes there);
 * - sign-in locks out after five failures, for 1 s doubling per further
 *   failure up to 15 minutes, and forgets after 15 quiet minutes; a wrong
 *   authenticator code at sign-in counts as a failed sign-in.
 */
const HOUR_MS = 3_600_000;
const LOCKOUT_AFTER = 5;
const LOCKOUT_CAP_MS = 15 * 60_000;
const LOCKOUT_FORGET_MS = 15 * 60_000;

/** Attempts each user gets per hour, by kind. */
export const HOURLY_ATTEMPTS = { passwordReset: 5, resendCode: 5, currentPassword: 5, softwareTokenCode: 5 } as const;
export type AttemptKind = keyof typeof HOURLY_ATTEMPTS;

interface SignInRecord {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

export class AttemptLimits {
  private readonly attempts = new Map<string, number[]>();
  private readonly signIns = new Map<string, SignInRecord>();

  constructor(private readonly nowMs: () => number = () => Date.now()) {}

  /** False once this user spent the hour's allowance of this kind. */
  allows(kind: AttemptKind, user: string): boolean {
    return this.recent(kind, user).length < HOURLY_ATTEMPTS[kind];
  }

  /** Counts one attempt of this kind by this user. */
  count(kind: AttemptKind, user: string): void {
    this.attempts.set(this.keyOf(kind, user), [...this.recent(kind, user), this.nowMs()]);
  }

  /** Counts the attempt when the allowance has room; false (and not counted) when it is spent. */
  take(kind: AttemptKind, user: string): boolean {
    if (!this.allows(kind, user)) return false;
    this.count(kind, user);
    return true;
  }

  /** True while a run of failed sign-ins keeps the user locked out. */
  signInLocked(user: string): boolean {
    const record = this.current(user);
    return record !== undefined && record.lockedUntil > this.nowMs();
  }

  signInFailed(user: string): void {
    const now = this.nowMs();
    const failures = (this.current(user)?.failures ?? 0) + 1;
    const lockMs = failures >= LOCKOUT_AFTER ? Math.min(1000 * 2 ** (failures - LOCKOUT_AFTER), LOCKOUT_CAP_MS) : 0;
    this.signIns.set(user.toLowerCase(), { failures, lockedUntil: now + lockMs, lastFailure: now });
  }

  signInSucceeded(user: string): void {
    this.signIns.delete(user.toLowerCase());
  }

  private keyOf(kind: AttemptKind, user: string): string {
    return `${kind}#${user.toLowerCase()}`;
  }

  private recent(kind: AttemptKind, user: string): number[] {
    const now = this.nowMs();
    const kept = (this.attempts.get(this.keyOf(kind, user)) ?? []).filter((at) => now - at < HOUR_MS);
    this.attempts.set(this.keyOf(kind, user), kept);
    return kept;
  }

  private current(user: string): SignInRecord | undefined {
    const record = this.signIns.get(user.toLowerCase());
    if (record && this.nowMs() - record.lastFailure > LOCKOUT_FORGET_MS && record.lockedUntil <= this.nowMs()) {
      this.signIns.delete(user.toLowerCase());
      return undefined;
    }
    return record;
  }
}
