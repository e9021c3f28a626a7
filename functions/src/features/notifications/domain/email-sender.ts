/** One e-mail to one person: a plain-text part for every client, an HTML part for those that show it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail from the product's own address (SES on AWS, the local inbox's SMTP port on this machine). */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}
