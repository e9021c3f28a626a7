import { signIn as amplifySignIn } from 'aws-amplify/auth';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { noteSignInOnThisPage } from '../../../lib/auth-session';

/** `authenticatorCode`: the password was right and the account has two-factor sign-in on; the app's code comes next (see confirm-sign-in-code). */
export type SignInOutcome = 'signedIn' | 'confirmSignUp' | 'authenticatorCode' | 'unsupportedStep';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const { authFlowType } = getRuntimeConfig();
  const result = await amplifySignIn({ username: email.trim(), password, options: { authFlowType } });
  if (result.isSignedIn) {
    noteSignInOnThisPage();
    return 'signedIn';
  }
  const step = result.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'authenticatorCode';
  return step === 'CONFIRM_SIGN_UP' ? 'confirmSignUp' : 'unsupportedStep';
}
