import * as z from 'zod';
import { isEmailShaped, MIN_PASSWORD_LENGTH } from '../../lib/account-rules';

/** The sign-in form's rule failures (keys of the auth namespace's `validation` texts), in the order the form reports them. */
export const CREDENTIALS_ERRORS = ['emailRequired', 'emailInvalid', 'passwordRequired'] as const;
export type CredentialsError = (typeof CREDENTIALS_ERRORS)[number];

/** Sign-in and sign-up: e-mail required and e-mail-shaped, password required; no length rule. The reset request asks for the e-mail only. */
export function credentialsSchema(needsPassword: boolean) {
  return z.object({
    email: z.string().trim().min(1, 'emailRequired').refine(isEmailShaped, 'emailInvalid'),
    password: needsPassword ? z.string().min(1, 'passwordRequired') : z.string(),
  });
}
export type CredentialsValues = z.infer<ReturnType<typeof credentialsSchema>>;

/** The reset page's rule failures (keys of the auth namespace's `reset.errors` texts), in the spec's order. */
export const NEW_PASSWORD_ERRORS = ['passwordsDoNotMatch', 'passwordTooShort', 'sessionNotReady'] as const;
export type NewPasswordError = (typeof NEW_PASSWORD_ERRORS)[number];

/** The reset page's rules; the keys are the inputs' names, which password managers and the browser tests know. */
export function newPasswordSchema(sessionReady: boolean) {
  return z
    .object({ 'new-password': z.string(), 'confirm-password': z.string() })
    .superRefine((values, ctx) => {
      // One message at a time, in the order the spec lists the rules: the page shows a single error.
      if (values['new-password'] !== values['confirm-password']) {
        ctx.addIssue({ code: 'custom', path: ['confirm-password'], message: 'passwordsDoNotMatch' });
      } else if (values['new-password'].length < MIN_PASSWORD_LENGTH) {
        ctx.addIssue({ code: 'custom', path: ['new-password'], message: 'passwordTooShort' });
      } else if (!sessionReady) {
        ctx.addIssue({ code: 'custom', path: ['new-password'], message: 'sessionNotReady' });
      }
    });
}
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

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
