import { useEffect } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { AuthProvider } from '../lib/auth-provider';
import { useAuth, type AuthContextValue } from '../lib/auth-session';
import { ProfileLanguageOnSignIn } from '../features/settings/components/profile-language-on-sign-in';

// The session's chunk: the auth provider, TanStack Query and the portal API client (see boot.ts for
// when it loads; Amplify is configured before).

export { queryClient };

/**
 * The auth provider and the session's listeners, mounted beside the routes rather than around
 * them: the routes were already showing (the landing page comes before this chunk) and must not
 * mount again. The provider's state reaches them through `onAuth`.
 */
export function SessionBridge({ onAuth }: { onAuth: (auth: AuthContextValue) => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ForgetServerStateOnSignOut />
        <ProfileLanguageOnSignIn />
        <ReportAuth onAuth={onAuth} />
      </AuthProvider>
    </QueryClientProvider>
  );
}

function ReportAuth({ onAuth }: { onAuth: (auth: AuthContextValue) => void }) {
  const auth = useAuth();
  useEffect(() => onAuth(auth), [auth, onAuth]);
  return null;
}

/** The next account to sign in on this tab must not see the previous one's subscription, even briefly. */
function ForgetServerStateOnSignOut() {
  const { state } = useAuth();
  const client = useQueryClient();
  useEffect(() => {
    if (state.status === 'signedOut') client.clear();
  }, [state.status, client]);
  return null;
}
