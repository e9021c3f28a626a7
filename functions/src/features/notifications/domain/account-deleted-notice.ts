import { createHash } from 'node:crypto';
import type { Language } from '../../profiles/contracts/profile';
import { preferencesOf } from '../../profiles/domain/profile';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import type { EmailMessage } from './email-sender';
import { epochSeconds, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { formatMoment } from './notice-format';
import { emailTextsFor } from './texts';

/** Long enough for any retry of a deletion to find the mark, short enough to leave nothing behind for long. */
const MARK_SECONDS = 2 * 86_400;

/** The mark outlives the account, so it names it by a hash: nothing readable of the user stays behind. */
const markOf = (userId: string) => `farewell#${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`;

/** The confirmation that the account and its data are gone, in the language the account had. */
export function accountDeletedEmail(input: { at: Date; timeZone: string; portalUrl: string; language?: Language }): Omit<EmailMessage, 'to'> {
  const language = input.language ?? 'en';
  const { dateLocale, accountDeleted: texts } = emailTextsFor(language);
  const content: NoticeContent = {
    title: texts.title,
    paragraphs: [texts.asAsked(formatMoment(input.at, input.timeZone, dateLocale)), texts.subscription, texts.notYou, texts.welcomeBack],
    action: { label: texts.action, href: input.portalUrl.replace(/\/+$/, '') },
    footnote: texts.footnote,
  };
  return { subject: texts.subject, text: noticeText(content), html: noticeHtml(content, language) };
}

/** Sends the deletion's confirmation: written while the account exists, sent once it is gone. */
export type DeletionConfirmation = () => Promise<NoticeOutcome>;

/**
 * The confirmation of an account's deletion. The address and time zone are
 * read before anything is deleted (they go with the account), and so is the language; the mail goes
 * out after, whatever the notification settings, and once however many
 * requests raced to delete the same account.
 */
export class AccountDeletedNotices {
  constructor(private readonly deps: NoticeDeps) {}

  async prepare(userId: string): Promise<DeletionConfirmation> {
    const to = await this.deps.directory.emailOf(userId);
    const { timezone, language } = preferencesOf(await this.deps.profiles.get(userId));
    return async () => {
      if (!to) return 'no-address';
      const at = this.deps.now?.() ?? new Date();
      if (!(await this.deps.claims.claim(markOf(userId), epochSeconds(at) + MARK_SECONDS))) return 'already-sent';
      try {
        await this.deps.sender.send({ to, ...accountDeletedEmail({ at, timeZone: timezone, portalUrl: this.deps.portalUrl, language }) });
        return 'sent';
      } catch (error) {
        await this.deps.claims.release(markOf(userId)).catch(() => undefined);
        throw error;
      }
    };
  }
}
