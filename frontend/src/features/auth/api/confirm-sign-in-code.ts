import { confirmSignIn } from 'aws-amplify/auth';
import { noteSignInOnThisPage } from '../../../lib/auth-session';

/** Sign-in's second step: the 6-digit code of the user's authenticator app. A wrong one throws (CodeMismatchException) and may be retried. */
export async function confirmSignInCode(code: string): Promise<'signedIn' | 'unsupportedStep'> {
  const result = await confirmSignIn({ challengeResponse: code.replace(/\s/g, '') });
  if (!result.isSignedIn) return 'unsupportedStep';
  noteSignInOnThisPage();
  return 'signedIn';
}
