import * as z from 'zod';
import { hasUnsafeCharacters } from '@frameforge/functions/kernel/contracts/display-text';
import { MAX_PICTURE_BYTES, updatePreferencesRequestSchema } from '@frameforge/functions/features/profiles/contracts/profile';
import { isEmailShaped, MIN_PASSWORD_LENGTH } from '../../lib/account-rules';
import { firstErrorKey } from '../../lib/form-errors';

/**
 * Each rule fails with a key of the settings namespace's `validation` texts, so the page shows it in the
 * user's language; the order of the keys is the order in which the banner reports them.
 */
export const VALIDATION_KEYS = [
  'usernameRequired',
  'usernameTooLong',
  'usernameUnsafe',
  'emailRequired',
  'emailInvalid',
  'emailUnchanged',
  'currentPasswordRequired',
  'newPasswordRequired',
  'confirmPasswordRequired',
  'passwordsDoNotMatch',
  'passwordTooShort',
  'notAnImage',
  'imageTooLarge',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && (VALIDATION_KEYS as readonly string[]).includes(value);
}

/** Same limit as the server's `PUT /profile`. */
export const MAX_USERNAME_LENGTH = 50;

export const profileFormSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'usernameRequired')
    .max(MAX_USERNAME_LENGTH, 'usernameTooLong')
    // The server's own rule (`PUT /profile`): text only, no controls, direction overrides or markup.
    .refine((text) => !hasUnsafeCharacters(text), 'usernameUnsafe'),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

/** New e-mail: required, e-mail shaped, and (a courtesy beyond the spec) not the address already in use. */
export function emailFormSchema(currentEmail: string) {
  return z.object({
    newEmail: z
      .string()
      .trim()
      .min(1, 'emailRequired')
      .refine(isEmailShaped, 'emailInvalid')
      .refine((value) => value.toLowerCase() !== currentEmail.trim().toLowerCase(), 'emailUnchanged'),
  });
}
export type EmailFormValues = z.infer<ReturnType<typeof emailFormSchema>>;

/** Change password: all three required; then, as the spec orders them, the match and then the length. */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'currentPasswordRequired'),
    newPassword: z.string().min(1, 'newPasswordRequired'),
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
  })
  .superRefine((values, ctx) => {
    // One message at a time: the banner shows a single error.
    if (values.newPassword !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDoNotMatch' });
    } else if (values.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'passwordTooShort' });
    }
  });
export type PasswordFormValues = z.infer<typeof passwordFormSchema>;

/** Notification preferences and regional settings travel together, exactly as `PUT /preferences` takes them. */
export const preferencesFormSchema = updatePreferencesRequestSchema;
export type PreferencesFormValues = z.infer<typeof preferencesFormSchema>;

/** The chosen picture file, before cropping: an image type, at most 5*1024*1024 bytes. */
export const pictureFileSchema = z.object({
  type: z.string().regex(/^image\//, 'notAnImage'),
  size: z.number().max(MAX_PICTURE_BYTES, 'imageTooLarge'),
});

/** The first failing rule of a picture file, or null when it may go on to the crop dialog. */
export function pictureFileProblem(file: { type: string; size: number }): ValidationKey | null {
  const result = pictureFileSchema.safeParse({ type: file.type, size: file.size });
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return isValidationKey(message) ? message : 'notAnImage';
}

/** The first message, in the order of VALIDATION_KEYS, among a form's field errors. */
export function firstValidationKey(errors: Record<string, { message?: unknown } | undefined>): ValidationKey | null {
  return firstErrorKey(errors, VALIDATION_KEYS);
}
