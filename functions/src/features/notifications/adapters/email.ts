import type { EmailConfig } from '../config';
import type { EmailSender } from '../domain/email-sender';
import { loadedOnUse } from '../../../kernel/adapters/loaded-on-use';
import { SmtpEmailSender } from './smtp/smtp-email-sender';

/**
 * The sender the configuration names, shared by the API and the worker:
 * SMTP when SMTP_URL is set (the local inbox), SES otherwise (AWS), its
 * client loaded by the first e-mail (see loadedOnUse).
 */
export function createEmailSender(config: EmailConfig & { AWS_REGION: string }): EmailSender {
  if (config.SMTP_URL) return new SmtpEmailSender(config.SMTP_URL, config.EMAIL_FROM);
  const ses = loadedOnUse(async () => {
    const [{ SESv2Client }, { SesEmailSender }] = await Promise.all([import('@aws-sdk/client-sesv2'), import('./ses/ses-email-sender')]);
    return new SesEmailSender(new SESv2Client({ region: config.AWS_REGION }), config.EMAIL_FROM);
  });
  return { send: async (message) => (await ses()).send(message) };
}
