import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailMessage, EmailSender } from '../../domain/email-sender';

/** E-mail through SES (v2 SendEmail), from the verified identity the configuration names. */
export class SesEmailSender implements EmailSender {
  constructor(
    private readonly client: Pick<SESv2Client, 'send'>,
    private readonly from: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const part = (data: string) => ({ Data: data, Charset: 'UTF-8' });
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: part(message.subject),
            Body: { Text: part(message.text), Html: part(message.html) },
          },
        },
      }),
    );
  }
}
