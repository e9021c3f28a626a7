import { signUp as amplifySignUp } from 'aws-amplify/auth';
import type { LanguageCode } from '../../../lib/languages';

/** Creates the account; Cognito then e-mails a verification link, written in the language the portal is shown in. */
export async function signUpWithPassword(email: string, password: string, language: LanguageCode): Promise<void> {
  const username = email.trim();
  await amplifySignUp({ username, password, options: { userAttributes: { email: username }, clientMetadata: { language } } });
}
