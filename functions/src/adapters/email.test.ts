import { createEmailSender } from './email';
import { SesEmailSender } from './ses/ses-email-sender';
import { SmtpEmailSender } from './smtp/smtp-email-sender';

describe('createEmailSender', () => {
  it('SMTP when SMTP_URL is set (the local inbox), SES otherwise', () => {
    expect(createEmailSender({ AWS_REGION: 'us-east-1', EMAIL_FROM: 'a@b.c', SMTP_URL: 'smtp://127.0.0.1:2525' })).toBeInstanceOf(SmtpEmailSender);
    expect(createEmailSender({ AWS_REGION: 'us-east-1', EMAIL_FROM: 'a@b.c' })).toBeInstanceOf(SesEmailSender);
  });
});
