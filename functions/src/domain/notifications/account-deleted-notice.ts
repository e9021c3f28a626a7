import { createHash } from 'node:crypto';
import { preferencesOf } from '../profiles/profile';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import type { EmailMessage } from './email-sender';
import { epochSeconds, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { formatMoment } from './notice-format';

/** Long enough for any retry of a deletion to find the mark, short enough to leave nothing behind for long. */
const MARK_SECONDS = 2 * 86_400;

/** The mark outlives the account, so it names it by a hash: nothing readable of the user stays behind. */
const markOf = (userId: string) => `farewell#${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`;

/** The confirmation that the account and its data are gone. */
export function accountDeletedEmail(input: { at: Date; timeZone: string; portalUrl: string }): Omit<EmailMessage, 'to'> {
  const content: NoticeContent = {
    title: 'Your FrameForge account was deleted',
    paragraphs: [
      `As you asked on ${formatMoment(input.at, input.timeZone)}, your FrameForge account was deleted, with everything in it: your profile and picture, API keys, request logs, jobs and their files, and your settings.`,
      'Any subscription you had was cancelled and will not be charged again. Only the record of past payments stays with our payment provider, for invoices and accounting.',
      'If you did not ask for this, contact FrameForge support right away.',
      'You are welcome back at any time: you can create a new account with this address.',
    ],
    action: { label: 'Visit FrameForge', href: input.portalUrl.replace(/\/+$/, '') },
    footnote: 'This is the last e-mail about this account.',
  };
  return { subject: 'Your FrameForge account was deleted', text: noticeText(content), html: noticeHtml(content) };
}

/** Sends the deletion's confirmation: written while the account exists, sent once it is gone. */
export type DeletionConfirmation = () => Promise<NoticeOutcome>;

/**
 * The confirmation of an account's deletion. The address and time zone are
 * read before anything is deleted (they go with the account); the mail goes
 * out after, whatever the notification settings, and once however many
 * requests raced to delete the same account.
 */
export class AccountDeletedNotices {
  constructor(private readonly deps: NoticeDeps) {}

  async prepare(userId: string): Promise<DeletionConfirmation> {
    const to = await this.deps.directory.emailOf(userId);
    const { timezone } = preferencesOf(await this.deps.profiles.get(userId));
    return async () => {
      if (!to) return 'no-address';
      const at = this.deps.now?.() ?? new Date();
      if (!(await this.deps.claims.claim(markOf(userId), epochSeconds(at) + MARK_SECONDS))) return 'already-sent';
      try {
        await this.deps.sender.send({ to, ...accountDeletedEmail({ at, timeZone: timezone, portalUrl: this.deps.portalUrl }) });
        return 'sent';
      } catch (error) {
        await this.deps.claims.release(markOf(userId)).catch(() => undefined);
        throw error;
      }
    };
  }
}
