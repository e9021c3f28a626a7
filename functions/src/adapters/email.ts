import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailConfig } from '../config/env';
import type { EmailSender } from '../domain/notifications/email-sender';
import { SesEmailSender } from './ses/ses-email-sender';
import { SmtpEmailSender } from './smtp/smtp-email-sender';

/**
 * The sender the configuration names, shared by the API and the worker:
 * SMTP when SMTP_URL is set (the local inbox), SES otherwise (AWS).
 */
export function createEmailSender(config: EmailConfig & { AWS_REGION: string }): EmailSender {
  if (config.SMTP_URL) return new SmtpEmailSender(config.SMTP_URL, config.EMAIL_FROM);
  return new SesEmailSender(new SESv2Client({ region: config.AWS_REGION }), config.EMAIL_FROM);
}
