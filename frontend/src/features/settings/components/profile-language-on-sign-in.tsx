import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-session';
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
    if (!isFreshSignIn(before, state.status)) return undefined;
    let current = true;
    client
      .fetchQuery({ queryKey: profileQueryKey, queryFn: getProfile })
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
