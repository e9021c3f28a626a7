import { PLANS, type Tier } from '../../../kernel/contracts/plans';
import type { Language } from '../../profiles/contracts/profile';
import type { EmailMessage } from './email-sender';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import { emailTextsFor } from './texts';
import type { UsageAlertReason } from '../../../kernel/limits/usage-alert-reason';


const planName = (tier: Tier) => PLANS.find((plan) => plan.tier === tier)?.name ?? tier;

function describe(reason: UsageAlertReason, language: Language): { subject: string; paragraphs: string[] } {
  const texts = emailTextsFor(language).usageAlert;
  const plan = planName(reason.tier);
  if (reason.kind === 'rate') {
    const percent = Math.round((reason.used / reason.limit) * 100);
    return {
      subject: texts.rateSubject(reason.used, reason.limit),
      paragraphs: [texts.rateBody({ used: reason.used, limit: reason.limit, percent, plan }), texts.rateRefused],
    };
  }
  return { subject: texts.concurrencySubject(plan, reason.cap), paragraphs: [texts.concurrencyBody(plan, reason.cap), texts.concurrencyQueued] };
}

/** The alert's e-mail, in the user's language: the figures in plain words and a link to the plans. */
export function usageAlertEmail(reason: UsageAlertReason, portalUrl: string, language: Language = 'en'): Omit<EmailMessage, 'to'> {
  const texts = emailTextsFor(language).usageAlert;
  const { subject, paragraphs } = describe(reason, language);
  const top = reason.tier === 'elite';
  const content: NoticeContent = {
    title: texts.title,
    paragraphs: [...paragraphs, top ? texts.topPlan : texts.higherPlan],
    action: { label: top ? texts.seePlan : texts.upgradePlan, href: `${portalUrl.replace(/\/+$/, '')}/subscription` },
    footnote: texts.footnote,
  };
  return { subject, text: noticeText(content), html: noticeHtml(content, language) };
}
