import type { Tier } from '../../../kernel/contracts/plans';
import type { RateWindow } from '../../../kernel/limits/rate-limit';
import { preferencesOf } from '../../profiles/domain/profile';
import { epochSeconds, sendOnce, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { usageAlertEmail, type UsageAlertReason } from './usage-alert-email';

export type { UsageAlertReason } from './usage-alert-email';

/** A key's window at or above this share used is worth an alert (80%, as 4/5). */
const ALERT_SHARE = { numerator: 4, denominator: 5 };
/** The day's mark outlives the day it counts, whatever the clocks say. */
const CLAIM_LIFETIME_SECONDS = 2 * 86_400;

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

/**
 * Usage alerts: a key at 80% of its rate limit in a window, or the user's
 * jobs at the plan's concurrency cap. Only with the user's API usage alerts
 * preference on, and at most one e-mail per user per UTC day, whatever the
 * reason and however many instances see it (a conditional put claims the day).
 */
export class UsageAlerts {
  /** Users this process knows to have had today's alert: the next trigger costs no read at all. */
  private alerted = { day: '', users: new Set<string>() };

  constructor(private readonly deps: NoticeDeps) {}

  async notify(userId: string, reason: UsageAlertReason): Promise<NoticeOutcome> {
    const now = this.deps.now?.() ?? new Date();
    const day = now.toISOString().slice(0, 10);
    if (this.alerted.day !== day) this.alerted = { day, users: new Set() };
    if (this.alerted.users.has(userId)) return 'already-sent';
    const { apiUsageAlerts, language } = preferencesOf(await this.deps.profiles.get(userId));
    if (!apiUsageAlerts) return 'preference-off';
    const outcome = await sendOnce(
      this.deps,
      { id: `alert#${userId}#${day}`, expiresAtSeconds: epochSeconds(now) + CLAIM_LIFETIME_SECONDS },
      userId,
      usageAlertEmail(reason, this.deps.portalUrl, language),
    );
    this.alerted.users.add(userId);
    return outcome;
  }

  /** Where a counted request left its key's window: an alert at 80% used or more; null below. */
  async afterCounted(userId: string, tier: Tier, window: RateWindow): Promise<NoticeOutcome | null> {
    const reason = rateAlertReason(window, tier);
    return reason ? this.notify(userId, reason) : null;
  }
}
