import { signUp as amplifySignUp } from 'aws-amplify/auth';

/** Creates the account; Cognito then e-mails a verification link. */
export async function signUpWithPassword(email: string, password: string): Promise<void> {
  const username = email.trim();
  await amplifySignUp({ username, password, options: { userAttributes: { email: username } } });
}
