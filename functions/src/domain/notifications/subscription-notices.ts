import { PLANS, type Tier } from '../../contracts/plans';
import type { SubscriptionSnapshot } from '../billing/billing';
import { preferencesOf } from '../profiles/profile';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import type { EmailMessage } from './email-sender';
import { epochSeconds, sendOnce, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { formatDay } from './notice-format';

const DAY_SECONDS = 86_400;
/** A cancellation is told once per subscription and period (scheduled, then ended, is one story): the mark outlives late events. */
const CANCEL_MARK_SECONDS = 400 * DAY_SECONDS;
/** A failed payment is told once per billing period: the mark outlives the period and Stripe's retries. */
const PAST_DUE_MARK_SECONDS = 45 * DAY_SECONDS;

const planName = (tier: Tier | null) => PLANS.find((plan) => plan.tier === tier)?.name ?? 'FrameForge';
const FOOTNOTE = 'Billing e-mails are sent whatever your notification settings, as long as you have a subscription.';

/** The subscription was cancelled: it ends now, or at the end of the period already paid for. */
export function subscriptionCancelledEmail(input: { tier: Tier | null; endsAt: Date | null; ended: boolean; timeZone: string; portalUrl: string }): Omit<EmailMessage, 'to'> {
  const plan = planName(input.tier);
  const end = input.endsAt ? formatDay(input.endsAt, input.timeZone) : null;
  const content: NoticeContent = {
    title: `Your ${plan} subscription was cancelled`,
    paragraphs: [
      input.ended || !end
        ? `Your ${plan} subscription has ended. Your API keys no longer accept requests, and you will not be charged again.`
        : `Your ${plan} subscription was cancelled and ends on ${end}. Until then your API keys keep working; after that you will not be charged again.`,
      input.ended ? 'Your account, keys and logs stay: subscribe again at any time to use the API.' : 'Changed your mind? You can renew the subscription from the Subscription page before it ends.',
    ],
    action: { label: input.ended ? 'Choose a plan' : 'Manage your subscription', href: `${input.portalUrl.replace(/\/+$/, '')}/subscription` },
    footnote: FOOTNOTE,
  };
  return { subject: `Your FrameForge ${plan} subscription was cancelled`, text: noticeText(content), html: noticeHtml(content) };
}

/** A payment failed: the card needs updating before the retries run out. */
export function paymentFailedEmail(input: { tier: Tier | null; portalUrl: string }): Omit<EmailMessage, 'to'> {
  const plan = planName(input.tier);
  const content: NoticeContent = {
    title: 'Your FrameForge payment failed',
    paragraphs: [
      `We could not charge your card for your ${plan} subscription, so it is past due. Until a payment goes through, your API keys do not accept requests.`,
      'Update your card in billing: the open invoice is then paid with it. Our payment provider also retries the card over the next days; if every try fails, the subscription is cancelled.',
    ],
    action: { label: 'Update your card', href: `${input.portalUrl.replace(/\/+$/, '')}/subscription` },
    footnote: FOOTNOTE,
  };
  return { subject: 'Action needed: your FrameForge payment failed', text: noticeText(content), html: noticeHtml(content) };
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
      return sendOnce(
        this.deps,
        { id: `billmail#past-due#${subscription.subscriptionId}#${periodEnd ?? 0}`, expiresAtSeconds: Math.max(periodEnd ?? 0, epochSeconds(now)) + PAST_DUE_MARK_SECONDS },
        userId,
        paymentFailedEmail({ tier, portalUrl: this.deps.portalUrl }),
      );
    }
    const ended = subscription.status === 'canceled';
    if (!ended && !subscription.cancelAtPeriodEnd) return 'nothing-to-tell';
    const { timezone } = preferencesOf(await this.deps.profiles.get(userId));
    return sendOnce(
      this.deps,
      { id: `billmail#cancel#${subscription.subscriptionId}#${periodEnd ?? 0}`, expiresAtSeconds: epochSeconds(now) + CANCEL_MARK_SECONDS },
      userId,
      subscriptionCancelledEmail({ tier, endsAt: periodEnd ? new Date(periodEnd * 1000) : null, ended, timeZone: timezone, portalUrl: this.deps.portalUrl }),
    );
  }
}
