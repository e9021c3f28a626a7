import type { AuthFailure } from '../../lib/auth-errors';

/** Keys of the auth namespace that a refused sign-in, sign-up, reset or resend can show. */
export type AuthFailureTextKey =
  | 'errors.generic'
  | 'errors.wrongCredentials'
  | 'errors.confirmSignUp'
  | 'errors.resetRequired'
  | 'errors.accountExists'
  | 'errors.invalidSignUp'
  | 'errors.tooManyAttempts'
  | 'errors.alreadyConfirmed'
  | 'errors.wrongCode'
  | 'errors.codeSessionExpired'
  | 'reset.errors.passwordTooShort'
  | 'reset.errors.passwordFormat'
  | 'reset.errors.invalidLink'
  | 'reset.errors.failed';

const TEXTS: Partial<Record<AuthFailure, AuthFailureTextKey>> = {
  wrongCredentials: 'errors.wrongCredentials',
  notConfirmed: 'errors.confirmSignUp',
  resetRequired: 'errors.resetRequired',
  accountExists: 'errors.accountExists',
  // The pool's policy is the spec's rule: its words, as on the reset page.
  passwordPolicy: 'reset.errors.passwordTooShort',
  passwordFormat: 'reset.errors.passwordFormat',
  invalidSignUp: 'errors.invalidSignUp',
  tooManyAttempts: 'errors.tooManyAttempts',
  invalidCode: 'reset.errors.invalidLink',
  alreadyConfirmed: 'errors.alreadyConfirmed',
};

/** On the code step of sign-in, a refused code and an expired sign-in read as such. */
const CODE_TEXTS: Partial<Record<AuthFailure, AuthFailureTextKey>> = {
  invalidCode: 'errors.wrongCode',
  sessionExpired: 'errors.codeSessionExpired',
  tooManyAttempts: 'errors.tooManyAttempts',
};

/** The text of a refused authenticator code at sign-in. */
export const signInCodeFailureTextKey = (failure: AuthFailure): AuthFailureTextKey => CODE_TEXTS[failure] ?? 'errors.generic';

/** The text of a refusal on the sign-in, reset and verification screens; `fallback` when the refusal has none of its own. */
export function authFailureTextKey(failure: AuthFailure, fallback: AuthFailureTextKey = 'errors.generic'): AuthFailureTextKey {
  return TEXTS[failure] ?? fallback;
}
