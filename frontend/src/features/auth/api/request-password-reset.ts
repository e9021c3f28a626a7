import { resetPassword } from 'aws-amplify/auth';
import type { LanguageCode } from '../../../lib/languages';

/** Cognito e-mails a link to /reset-password?code=…&email=… (CustomMessage trigger), in the portal's current language. */
export async function requestPasswordReset(email: string, language: LanguageCode): Promise<void> {
  await resetPassword({ username: email.trim(), options: { clientMetadata: { language } } });
}
