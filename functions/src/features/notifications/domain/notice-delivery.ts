import type { ProfileRepository } from '../../profiles/domain/profile';
import type { EmailMessage, EmailSender } from './email-sender';
import type { NoticeClaims } from './notice-claims';
import type { UserDirectory } from './user-directory';

/** What every notice needs: the preferences, the address, the sender and the once-only marks. */
export interface NoticeDeps {
  profiles: Pick<ProfileRepository, 'get'>;
  directory: UserDirectory;
  sender: EmailSender;
  claims: NoticeClaims;
  /** The portal's origin, for the links in the e-mails. */
  portalUrl: string;
  now?: () => Date;
}

/** sent; or why not: the user turned the notice off, it went out already, or the user has no address any more. */
export type NoticeOutcome = 'sent' | 'preference-off' | 'already-sent' | 'no-address';

/**
 * Claims the notice's mark, then sends it. The mark is taken before the
 * address is looked up, so however many triggers race only one reaches the
 * user pool and the mail server; a send that fails gives the mark back.
 */
export async function sendOnce(
  deps: NoticeDeps,
  claim: { id: string; expiresAtSeconds: number },
  userId: string,
  content: Omit<EmailMessage, 'to'>,
): Promise<NoticeOutcome> {
  if (!(await deps.claims.claim(claim.id, claim.expiresAtSeconds))) return 'already-sent';
  try {
    const to = await deps.directory.emailOf(userId);
    // The mark stays: a user without an address will not have one in a minute either.
    if (!to) return 'no-address';
    await deps.sender.send({ to, ...content });
    return 'sent';
  } catch (error) {
    await deps.claims.release(claim.id).catch(() => undefined);
    throw error;
  }
}

export const epochSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);
