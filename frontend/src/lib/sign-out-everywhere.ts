import { signOut as amplifySignOut } from 'aws-amplify/auth';

/** Signs out locally even if the global sign-out call fails (for example, a dead refresh token). */
export async function signOutEverywhere(): Promise<void> {
  try {
    await amplifySignOut();
  } catch {
    await amplifySignOut({ global: false }).catch(() => undefined);
  }
}
