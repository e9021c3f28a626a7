import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';

export interface SessionUser {
  userId: string;
  email: string;
}

/** The signed-in user, or null when there is no usable session. Errors propagate to the caller. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await fetchAuthSession();
  const idToken = session.tokens?.idToken;
  if (!idToken) return null;
  const user = await getCurrentUser();
  const claim = idToken.payload.email;
  const email = typeof claim === 'string' ? claim : (user.signInDetails?.loginId ?? user.username);
  return { userId: user.userId, email };
}
