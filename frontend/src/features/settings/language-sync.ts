import type { ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { resolveLanguage, type LanguageCode } from '../../lib/languages';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

/**
 * A sign-in made on this page, as opposed to a session restored on load: only then does the saved profile
 * language win over the one this browser stored (a restored session keeps the browser's own choice).
 * `madeOnThisPage` is the sign-in form's own mark, which holds even when the session was first read after
 * the sign-in had finished (and so went from 'loading' straight to 'signedIn').
 */
export function isFreshSignIn(previous: SessionStatus | null, current: SessionStatus, madeOnThisPage = false): boolean {
  if (current !== 'signedIn') return false;
  return madeOnThisPage || previous === 'signedOut';
}

/**
 * The language to switch to after a sign-in: the profile's, when one was ever saved (a profile without a row
 * only holds defaults) and it differs from the one showing. Null means leave the interface as it is.
 */
export function languageAfterSignIn(profile: Pick<ProfileView, 'language' | 'updated_at'>, showing: string | undefined): LanguageCode | null {
  if (profile.updated_at === null) return null;
  const saved = resolveLanguage(profile.language);
  return saved === resolveLanguage(showing) ? null : saved;
}
