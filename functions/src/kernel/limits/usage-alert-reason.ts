import type { Tier } from '../contracts/plans';
import type { RateWindow } from './rate-limit';

/**
 * Whether a request is worth a usage alert, apart from the alert itself (the
 * notifications room's): every counted request asks, and only the few at 80%
 * load the e-mails' texts in six languages (see the jobs room's counted wiring).
 */

/** Why a usage alert goes out: a key near its per-minute limit, or the user's jobs at the plan's cap on running at once. */
export type UsageAlertReason =
  | { kind: 'rate'; limit: number; used: number; tier: Tier }
  | { kind: 'concurrency'; cap: number; tier: Tier };

/** A key's window at or above this share used is worth an alert (80%, as 4/5). */
const ALERT_SHARE = { numerator: 4, denominator: 5 };

/**
 * A counted request's standing as an alert reason: when it leaves the
 * window at or above 80% used (integer arithmetic: 0.8 × 3 is not 2.4 in
 * floating point). Refused requests leave it full, so they qualify too.
 */
export function rateAlertReason(window: RateWindow, tier: Tier): UsageAlertReason | null {
  const used = window.limit - window.remaining;
  if (window.limit <= 0 || used * ALERT_SHARE.denominator < window.limit * ALERT_SHARE.numerator) return null;
  return { kind: 'rate', limit: window.limit, used, tier };
}
