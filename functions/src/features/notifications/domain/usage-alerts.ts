import { preferencesOf } from '../../profiles/domain/profile';
import { epochSeconds, sendOnce, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { usageAlertEmail } from './usage-alert-email';
import type { UsageAlertReason } from '../../../kernel/limits/usage-alert-reason';


/** The day's mark outlives the day it counts, whatever the clocks say. */
const CLAIM_LIFETIME_SECONDS = 2 * 86_400;

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
}
