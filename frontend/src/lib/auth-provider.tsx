import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Hub } from 'aws-amplify/utils';
import { isRefreshTokenError } from './auth-errors';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-session';
import { getSessionUser } from './session-user';
import { signOutEverywhere } from './sign-out-everywhere';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  const forceSignOut = useCallback(async () => {
    await signOutEverywhere();
    setState({ status: 'signedOut' });
  }, []);

  const refresh = useCallback(async () => {
    try {
      const user = await getSessionUser();
      setState(user ? { status: 'signedIn', user } : { status: 'signedOut' });
    } catch (error) {
      // A dead refresh token cannot recover: clear the stored session.
      if (isRefreshTokenError(error)) await forceSignOut();
      else setState({ status: 'signedOut' });
    }
  }, [forceSignOut]);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          void refresh();
          break;
        case 'signedOut':
          setState({ status: 'signedOut' });
          break;
        case 'tokenRefresh_failure':
          void forceSignOut();
          break;
        default:
          break;
      }
    });
  }, [refresh, forceSignOut]);

  const value = useMemo<AuthContextValue>(() => ({ state, refresh, signOut: forceSignOut }), [state, refresh, forceSignOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
