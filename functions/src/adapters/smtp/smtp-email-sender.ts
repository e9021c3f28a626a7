import type { Transporter } from 'nodemailer';
import type { EmailMessage, EmailSender } from '../../domain/notifications/email-sender';

/**
 * E-mail over SMTP (the local inbox). `smtp://` speaks plain SMTP and
 * upgrades only when the server offers STARTTLS; `smtps://` is TLS from the start.
 * nodemailer is loaded on the first message: on AWS, where SES sends, the
 * Lambda bundles leave it out and no cold start pays for it.
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
    const { default: nodemailer } = await import('nodemailer');
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
