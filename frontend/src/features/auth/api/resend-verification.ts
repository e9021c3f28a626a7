import { resendSignUpCode } from 'aws-amplify/auth';
import type { LanguageCode } from '../../../lib/languages';

/** A new verification e-mail, when the old link was used up or expired, in the portal's current language. */
export async function resendVerification(email: string, language: LanguageCode): Promise<void> {
  await resendSignUpCode({ username: email.trim(), options: { clientMetadata: { language } } });
}
