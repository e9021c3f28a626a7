import { userPool } from '@frameforge/functions/kernel/contracts/resources';

// The account rules that the sign-in pages and the settings page both apply, kept in one place so the two cannot drift.

/** Minimum password length on the reset and settings pages: the user pool's own policy (the spec's 6). */
export const MIN_PASSWORD_LENGTH: number = userPool.passwordPolicy.minimumLength;

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

/** The profile dropdown's username: the part of the e-mail before the at-sign. */
export function usernameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
