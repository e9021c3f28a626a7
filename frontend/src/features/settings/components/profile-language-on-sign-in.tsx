import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { takeSignInOnThisPage, useAuth } from '../../../lib/auth-session';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { getProfile, profileQueryKey } from '../api/profile';
import { isFreshSignIn, languageAfterSignIn, type SessionStatus } from '../language-sync';

/** On every sign-in, in any browser, the language saved with the profile becomes the interface language. */
export function ProfileLanguageOnSignIn() {
  const { state } = useAuth();
  const client = useQueryClient();
  const previous = useRef<SessionStatus | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = state.status;
    const madeHere = state.status === 'signedIn' && takeSignInOnThisPage();
    if (!isFreshSignIn(before, state.status, madeHere)) return undefined;
    let current = true;
    client
      .fetchQuery({ queryKey: profileQueryKey, queryFn: getProfile, retry: 2 })
      .then((profile) => {
        const language = languageAfterSignIn(profile, i18n.language);
        if (current && language) void changeLanguage(language);
      })
      .catch((error: unknown) => console.error('The profile language could not be applied', error));
    return () => {
      current = false;
    };
  }, [state.status, client]);

  return null;
}
