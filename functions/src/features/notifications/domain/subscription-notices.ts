import { PLANS, type Tier } from '../../../kernel/contracts/plans';
import type { Language } from '../../profiles/contracts/profile';
import type { SubscriptionSnapshot } from '../../billing/domain/billing';
import { preferencesOf } from '../../profiles/domain/profile';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import type { EmailMessage } from './email-sender';
import { epochSeconds, sendOnce, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { formatDay } from './notice-format';
import { emailTextsFor } from './texts';

const DAY_SECONDS = 86_400;
/** A cancellation is told once per subscription and period (scheduled, then ended, is one story): the mark outlives late events. */
const CANCEL_MARK_SECONDS = 400 * DAY_SECONDS;
/** A failed payment is told once per billing period: the mark outlives the period and Stripe's retries. */
const PAST_DUE_MARK_SECONDS = 45 * DAY_SECONDS;

const planName = (tier: Tier | null) => PLANS.find((plan) => plan.tier === tier)?.name ?? 'FrameForge';

/** The subscription was cancelled: it ends now, or at the end of the period already paid for. */
export function subscriptionCancelledEmail(input: {
  tier: Tier | null;
  endsAt: Date | null;
  ended: boolean;
  timeZone: string;
  portalUrl: string;
  language?: Language;
}): Omit<EmailMessage, 'to'> {
  const language = input.language ?? 'en';
  const { dateLocale, subscription: texts } = emailTextsFor(language);
  const plan = planName(input.tier);
  const end = input.endsAt ? formatDay(input.endsAt, input.timeZone, dateLocale) : null;
  const content: NoticeContent = {
    title: texts.cancelledTitle(plan),
    paragraphs: [input.ended || !end ? texts.ended(plan) : texts.endsOn(plan, end), input.ended ? texts.endedStays : texts.renewBeforeEnd],
    action: { label: input.ended ? texts.choosePlan : texts.manage, href: `${input.portalUrl.replace(/\/+$/, '')}/subscription` },
    footnote: texts.footnote,
  };
  return { subject: texts.cancelledSubject(plan), text: noticeText(content), html: noticeHtml(content, language) };
}

/** A payment failed: the card needs updating before the retries run out. */
export function paymentFailedEmail(input: { tier: Tier | null; portalUrl: string; language?: Language }): Omit<EmailMessage, 'to'> {
  const language = input.language ?? 'en';
  const texts = emailTextsFor(language).subscription;
  const content: NoticeContent = {
    title: texts.paymentTitle,
    paragraphs: [texts.paymentBody(planName(input.tier)), texts.paymentUpdate],
    action: { label: texts.updateCard, href: `${input.portalUrl.replace(/\/+$/, '')}/subscription` },
    footnote: texts.footnote,
  };
  return { subject: texts.paymentSubject, text: noticeText(content), html: noticeHtml(content, language) };
}

/**
 * E-mails about a subscription's standing, decided from the subscription as
 * just read from the provider (not from the event), and marked per
 * subscription (a cancellation) or per period (a failed payment), so however
 * many events tell the same change, and in whatever order, one e-mail goes out.
 */
export class SubscriptionNotices {
  constructor(private readonly deps: NoticeDeps) {}

  async afterSync(userId: string, subscription: SubscriptionSnapshot, tier: Tier | null): Promise<NoticeOutcome | 'nothing-to-tell'> {
    const now = this.deps.now?.() ?? new Date();
    const periodEnd = subscription.currentPeriodEnd;
    if (subscription.status === 'past_due') {
      const { language } = preferencesOf(await this.deps.profiles.get(userId));
      return sendOnce(
        this.deps,
        { id: `billmail#past-due#${subscription.subscriptionId}#${periodEnd ?? 0}`, expiresAtSeconds: Math.max(periodEnd ?? 0, epochSeconds(now)) + PAST_DUE_MARK_SECONDS },
        userId,
        paymentFailedEmail({ tier, portalUrl: this.deps.portalUrl, language }),
      );
    }
    const ended = subscription.status === 'canceled';
    if (!ended && !subscription.cancelAtPeriodEnd) return 'nothing-to-tell';
    const { timezone, language } = preferencesOf(await this.deps.profiles.get(userId));
    return sendOnce(
      this.deps,
      { id: `billmail#cancel#${subscription.subscriptionId}#${periodEnd ?? 0}`, expiresAtSeconds: epochSeconds(now) + CANCEL_MARK_SECONDS },
      userId,
      subscriptionCancelledEmail({ tier, endsAt: periodEnd ? new Date(periodEnd * 1000) : null, ended, timeZone: timezone, portalUrl: this.deps.portalUrl, language }),
    );
  }
}
