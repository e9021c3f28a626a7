import { signIn as amplifySignIn } from 'aws-amplify/auth';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { noteSignInOnThisPage } from '../../../lib/auth-session';

export type SignInOutcome = 'signedIn' | 'confirmSignUp' | 'unsupportedStep';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const { authFlowType } = getRuntimeConfig();
  const result = await amplifySignIn({ username: email.trim(), password, options: { authFlowType } });
  if (result.isSignedIn) {
    noteSignInOnThisPage();
    return 'signedIn';
  }
  return result.nextStep.signInStep === 'CONFIRM_SIGN_UP' ? 'confirmSignUp' : 'unsupportedStep';
}
