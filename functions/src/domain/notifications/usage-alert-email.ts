import { PLANS, type Tier } from '../../contracts/plans';
import type { EmailMessage } from './email-sender';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';

/** Why a usage alert goes out: a key near its per-minute limit, or the user's jobs at the plan's cap on running at once. */
export type UsageAlertReason =
  | { kind: 'rate'; limit: number; used: number; tier: Tier }
  | { kind: 'concurrency'; cap: number; tier: Tier };

const planName = (tier: Tier) => PLANS.find((plan) => plan.tier === tier)?.name ?? tier;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function describe(reason: UsageAlertReason): { subject: string; paragraphs: string[] } {
  const plan = planName(reason.tier);
  if (reason.kind === 'rate') {
    const percent = Math.round((reason.used / reason.limit) * 100);
    return {
      subject: `FrameForge usage alert: an API key used ${reason.used} of its ${reason.limit} requests a minute`,
      paragraphs: [
        `One of your API keys has used ${reason.used} of its ${plural(reason.limit, 'request', 'requests')} in the current one-minute window (${percent}%). The ${plan} plan allows ${plural(reason.limit, 'request', 'requests')} a minute per key.`,
        'Requests beyond the limit are refused with HTTP 429 until the window resets.',
      ],
    };
  }
  return {
    subject: `FrameForge usage alert: your jobs reached the ${plan} plan's ${plural(reason.cap, 'job', 'jobs')} at once`,
    paragraphs: [
      `Your jobs reached the ${plan} plan's limit of ${plural(reason.cap, 'job', 'jobs')} running at once.`,
      'Further jobs are still accepted: they wait in the queue (status queued) until one of your running jobs finishes.',
    ],
  };
}

/** The alert's e-mail: the figures in plain words and a link to the plans. */
export function usageAlertEmail(reason: UsageAlertReason, portalUrl: string): Omit<EmailMessage, 'to'> {
  const { subject, paragraphs } = describe(reason);
  const top = reason.tier === 'elite';
  const content: NoticeContent = {
    title: 'You are close to your plan’s limits',
    paragraphs: [
      ...paragraphs,
      top ? 'You are on the highest plan; the Subscription page shows its limits.' : 'A higher plan raises these limits.',
    ],
    action: { label: top ? 'See your plan' : 'Upgrade your plan', href: `${portalUrl.replace(/\/+$/, '')}/subscription` },
    footnote: 'You get at most one usage alert a day. Turn them off under Settings, API usage alerts.',
  };
  return { subject, text: noticeText(content), html: noticeHtml(content) };
}
