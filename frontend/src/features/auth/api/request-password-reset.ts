import { resetPassword } from 'aws-amplify/auth';

/** Cognito e-mails a link to /reset-password?code=…&email=… (CustomMessage trigger). */
export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email.trim() });
}
