import * as z from 'zod';

/**
 * How notices are e-mailed, shared by the API and the worker: through the
 * SMTP server at SMTP_URL when set (the local inbox), else through SES, from
 * EMAIL_FROM (on AWS a verified SES identity).
 */
export const emailConfigSchema = z.object({
  EMAIL_FROM: z.string().min(3).default('FrameForge <no-reply@frameforge.local>'),
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;
