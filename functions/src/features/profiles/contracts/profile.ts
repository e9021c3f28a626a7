import * as z from 'zod';
import { hasUnsafeCharacters, unsafeCharactersMessage } from '../../../kernel/contracts/display-text';

/** Interface languages (spec §9): en English, it Italiano, de Deutsch, hr Hrvatski, ru Russian, ar Arabic. */
export const LANGUAGES = ['en', 'it', 'de', 'hr', 'ru', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The timezones the settings offer (spec §9). */
export const TIMEZONES = ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo'] as const;
export type Timezone = (typeof TIMEZONES)[number];

/** spec §5 and §9: pictures are images of at most 5*1024*1024 bytes. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** spec user_profiles, as `GET /profile` answers it (defaults when no row was saved yet). */
export const profileViewSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  profile_picture_path: z.string().nullable(),
  email_notifications: z.boolean(),
  api_usage_alerts: z.boolean(),
  marketing_emails: z.boolean(),
  language: z.enum(LANGUAGES),
  timezone: z.enum(TIMEZONES),
  updated_at: z.string().nullable(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** `PUT /profile`: Save Profile (the username). */
export const updateProfileRequestSchema = z.strictObject({
  username: z
    .string({ error: 'username must be text' })
    .trim()
    .min(1, 'username is required')
    .max(50, 'username must be at most 50 characters')
    .refine((text) => !hasUnsafeCharacters(text), unsafeCharactersMessage('username')),
});

/** `PUT /preferences`: Save Settings (notification preferences and regional settings). */
export const updatePreferencesRequestSchema = z.strictObject({
  email_notifications: z.boolean({ error: 'email_notifications must be true or false' }),
  api_usage_alerts: z.boolean({ error: 'api_usage_alerts must be true or false' }),
  marketing_emails: z.boolean({ error: 'marketing_emails must be true or false' }),
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }),
  timezone: z.enum(TIMEZONES, { error: `timezone must be one of ${TIMEZONES.join(', ')}` }),
});

/** `POST /profile-picture/upload`: a presigned POST straight to the pictures bucket, its policy capped at 5 MB. */
export const pictureUploadRequestSchema = z.strictObject({
  content_type: z.string().regex(/^image\/(jpeg|png|gif|webp)$/, 'Please upload an image file'),
  size: z.number().int().min(1, 'size must be at least 1').max(MAX_PICTURE_BYTES, 'Image size must be less than 5MB'),
});
export const pictureUploadResponseSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number().int(),
});
export type PictureUploadResponse = z.infer<typeof pictureUploadResponseSchema>;

/** `POST /profile-picture/confirm`: the uploaded key is checked, stripped of metadata, re-encoded and becomes the picture. */
export const confirmPictureRequestSchema = z.strictObject({ key: z.string().min(1).max(300) });

/** `DELETE /account`: everything of the user goes; the answer comes when it is done (a retry finishes a half-done deletion). */
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
