import { awsEndpointStandIn } from '../../../kernel/adapters/aws-endpoint-test-support';
import { createEmailSender } from './email';
import { SmtpEmailSender } from './smtp/smtp-email-sender';

describe('createEmailSender', () => {
  it('SMTP when SMTP_URL is set (the local inbox)', () => {
    expect(createEmailSender({ AWS_REGION: 'us-east-1', EMAIL_FROM: 'a@b.c', SMTP_URL: 'smtp://127.0.0.1:2525' })).toBeInstanceOf(SmtpEmailSender);
  });

  it('SES otherwise, its client loaded by the first e-mail, which reaches SES as SendEmail', async () => {
    const ses = await awsEndpointStandIn('SESV2', () => ({ MessageId: 'message-1' }));
    try {
      const sender = createEmailSender({ AWS_REGION: 'us-east-1', EMAIL_FROM: 'FrameForge <no-reply@frameforge.dev>' });
      expect(sender).not.toBeInstanceOf(SmtpEmailSender);
      expect(ses.received).toEqual([]);
      await sender.send({ to: 'dev@example.com', subject: 'Your task failed', text: 'plain', html: '<p>html</p>' });
      await sender.send({ to: 'ops@example.com', subject: 'Again', text: 'plain', html: '<p>html</p>' });
      expect(ses.received.map((r) => r.path)).toEqual(['/v2/email/outbound-emails', '/v2/email/outbound-emails']);
      expect(ses.received[0]?.body).toMatchObject({
        FromEmailAddress: 'FrameForge <no-reply@frameforge.dev>',
        Destination: { ToAddresses: ['dev@example.com'] },
        Content: { Simple: { Subject: { Data: 'Your task failed' } } },
      });
    } finally {
      await ses.close();
    }
  });
});
