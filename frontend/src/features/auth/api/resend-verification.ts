import { resendSignUpCode } from 'aws-amplify/auth';

/** A new verification e-mail, when the old link was used up or expired. */
export async function resendVerification(email: string): Promise<void> {
  await resendSignUpCode({ username: email.trim() });
}
