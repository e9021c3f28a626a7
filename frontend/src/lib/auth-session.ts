import { createContext, useContext } from 'react';
import type { SessionUser } from './session-user';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: SessionUser };

export interface AuthContextValue {
  state: AuthState;
  /** Re-reads the session (after sign-in, for example). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

// Set by the sign-in form, read once by whoever acts on a fresh sign-in. The session's provider can mount
// after the sign-in finished (its chunk loads on demand), and then sees 'loading' → 'signedIn' like a
// session restored on load: this mark is what tells the two apart.
let signedInOnThisPage = false;

/** Marks that a sign-in was just made on this page (not a session restored from storage). */
export function noteSignInOnThisPage(): void {
  signedInOnThisPage = true;
}

/** Whether a sign-in was made on this page since the last call; the mark is cleared by reading it. */
export function takeSignInOnThisPage(): boolean {
  const made = signedInOnThisPage;
  signedInOnThisPage = false;
  return made;
}
