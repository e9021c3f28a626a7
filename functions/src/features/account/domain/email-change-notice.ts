import type { Language } from '../../profiles/contracts/profile';
import { preferencesOf, type ProfileRepository } from '../../profiles/domain/profile';
import { noticeHtml, noticeText, type NoticeContent } from '../../notifications/domain/email-layout';
import type { EmailMessage, EmailSender } from '../../notifications/domain/email-sender';
import { formatMoment, maskAddress } from '../../notifications/domain/notice-format';
import { emailTextsFor } from '../../notifications/domain/texts';

/** The address each user was last seen with, so a change can be told to the address it replaced. */
export interface KnownAddresses {
  get(userId: string): Promise<string | undefined>;
  /** Replaces `expected` (undefined: none recorded yet) with `next`; false when another writer changed it first. */
  replace(userId: string, expected: string | undefined, next: string): Promise<boolean>;
}

export interface EmailChangeDeps {
  addresses: KnownAddresses;
  sender: EmailSender;
  profiles: Pick<ProfileRepository, 'get'>;
  portalUrl: string;
  now?: () => Date;
}

/** recorded: the first address seen for the user; sent: the old address was told of the change. */
export type EmailChangeOutcome = 'recorded' | 'unchanged' | 'sent' | 'raced' | 'no-address';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The security notice to the address an account no longer uses, in the account's language. */
export function emailChangedEmail(input: { newAddress: string; at: Date; timeZone: string; portalUrl: string; language?: Language }): Omit<EmailMessage, 'to'> {
  const language = input.language ?? 'en';
  const { dateLocale, emailChanged: texts } = emailTextsFor(language);
  const content: NoticeContent = {
    title: texts.title,
    paragraphs: [texts.changed(maskAddress(input.newAddress), formatMoment(input.at, input.timeZone, dateLocale)), texts.fromNow, texts.madeIt, texts.didNot],
    action: { label: texts.action, href: `${input.portalUrl.replace(/\/+$/, '')}/login` },
    footnote: texts.footnote,
  };
  return { subject: texts.subject, text: noticeText(content), html: noticeHtml(content, language) };
}

/**
 * Tells the old address when an account's address changed. Cognito changes
 * it only once the new address is verified, and every token issued after
 * that carries the new one: each issue is compared with the address last
 * seen. The record moves first (one writer wins a race), and moves back if
 * the e-mail could not be sent, so a later sign-in tries again.
 */
export class EmailChangeNotices {
  constructor(private readonly deps: EmailChangeDeps) {}

  async observe(userId: string, current: string | undefined): Promise<EmailChangeOutcome> {
    if (!current) return 'no-address';
    const known = await this.deps.addresses.get(userId);
    if (known !== undefined && same(known, current)) return 'unchanged';
    if (!(await this.deps.addresses.replace(userId, known, current))) return 'raced';
    if (known === undefined) return 'recorded';
    try {
      const { timezone, language } = preferencesOf(await this.deps.profiles.get(userId));
      const at = this.deps.now?.() ?? new Date();
      await this.deps.sender.send({ to: known, ...emailChangedEmail({ newAddress: current, at, timeZone: timezone, portalUrl: this.deps.portalUrl, language }) });
      return 'sent';
    } catch (error) {
      await this.deps.addresses.replace(userId, current, known).catch(() => undefined);
      throw error;
    }
  }
}
