import { isEmailShaped, MIN_PASSWORD_LENGTH } from '../../lib/account-rules';

export type CredentialsError = 'emailRequired' | 'emailInvalid' | 'passwordRequired';

/** Sign-in and sign-up: e-mail required and e-mail-shaped, password required; no length rule. */
export function validateCredentials(email: string, password: string, needsPassword = true): CredentialsError | null {
  if (email.trim() === '') return 'emailRequired';
  if (!isEmailShaped(email)) return 'emailInvalid';
  if (needsPassword && password === '') return 'passwordRequired';
  return null;
}

export type NewPasswordError = 'passwordsDoNotMatch' | 'passwordTooShort' | 'sessionNotReady';

/** The reset page's rules, in the order the spec lists them. */
export function validateNewPassword(newPassword: string, confirmPassword: string, sessionReady: boolean): NewPasswordError | null {
  if (newPassword !== confirmPassword) return 'passwordsDoNotMatch';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  if (!sessionReady) return 'sessionNotReady';
  return null;
}

export interface ResetLink {
  code: string;
  email: string;
}

/** "The session is ready" when the reset e-mail's link carries both a code and an e-mail. */
export function readResetLink(search: string): ResetLink | null {
  const params = new URLSearchParams(search);
  const code = params.get('code')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  return code !== '' && email !== '' ? { code, email } : null;
}
