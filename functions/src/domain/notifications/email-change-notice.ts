import { preferencesOf, type ProfileRepository } from '../profiles/profile';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import type { EmailMessage, EmailSender } from './email-sender';
import { formatMoment, maskAddress } from './notice-format';

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

/** The security notice to the address an account no longer uses. */
export function emailChangedEmail(input: { newAddress: string; at: Date; timeZone: string; portalUrl: string }): Omit<EmailMessage, 'to'> {
  const portal = input.portalUrl.replace(/\/+$/, '');
  const content: NoticeContent = {
    title: 'Your FrameForge e-mail address was changed',
    paragraphs: [
      `The e-mail address of your FrameForge account was changed to ${maskAddress(input.newAddress)} on ${formatMoment(input.at, input.timeZone)}.`,
      'From now on you sign in with the new address, and account e-mails go there. This address no longer has access to the account.',
      'If you made this change, there is nothing more to do.',
      'If you did not, someone else may have access to your account: contact FrameForge support right away so we can lock it and restore your address. If you can still sign in, change your password under Settings and revoke any API keys you do not recognise.',
    ],
    action: { label: 'Open FrameForge', href: `${portal}/login` },
    footnote: 'This security notice is sent whenever the address of an account changes, whatever your notification settings.',
  };
  return { subject: 'Your FrameForge e-mail address was changed', text: noticeText(content), html: noticeHtml(content) };
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
      const { timezone } = preferencesOf(await this.deps.profiles.get(userId));
      const at = this.deps.now?.() ?? new Date();
      await this.deps.sender.send({ to: known, ...emailChangedEmail({ newAddress: current, at, timeZone: timezone, portalUrl: this.deps.portalUrl }) });
      return 'sent';
    } catch (error) {
      await this.deps.addresses.replace(userId, current, known).catch(() => undefined);
      throw error;
    }
  }
}
