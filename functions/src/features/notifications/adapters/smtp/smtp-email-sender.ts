import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { EmailMessage, EmailSender } from '../../domain/email-sender';

/**
 * E-mail over SMTP (the local inbox). `smtp://` speaks plain SMTP and
 * upgrades only when the server offers STARTTLS; `smtps://` is TLS from the start.
 * nodemailer is loaded on the first message: on AWS, where SES sends, the
 * Lambda bundles leave it out and no cold start pays for it. Locally it is
 * resolved from the checkout the stack runs in, since a bundle may run
 * outside it (the test stack builds its bundles into its state folder).
 */
export class SmtpEmailSender implements EmailSender {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const transport = await (this.transport ??= this.connect());
    await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  private async connect(): Promise<Transporter> {
    const nodemailer = createRequire(join(process.cwd(), 'package.json'))('nodemailer') as typeof import('nodemailer');
    const url = new URL(this.smtpUrl);
    const secure = url.protocol === 'smtps:';
    return nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 25),
      secure,
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    });
  }
}
