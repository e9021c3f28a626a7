import { userPool } from '@frameforge/functions/contracts/resources';

/** Minimum password length on the reset and settings pages: the user pool's own policy (the spec's 6). */
export const MIN_PASSWORD_LENGTH: number = userPool.passwordPolicy.minimumLength;

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

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

/** The profile dropdown's username: the part of the e-mail before the at-sign. */
export function usernameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
