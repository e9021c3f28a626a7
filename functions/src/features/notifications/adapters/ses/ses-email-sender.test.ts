import { SendEmailCommand, SESv2ServiceException, type SESv2Client } from '@aws-sdk/client-sesv2';
import { SesEmailSender } from './ses-email-sender';

const message = {
  to: 'ada@example.com',
  subject: 'FrameForge usage alert: an API key used 3 of its 3 requests a minute',
  text: 'One of your API keys has used 3 of its 3 requests…',
  html: '<p>One of your API keys has used 3 of its 3 requests…</p>',
};

describe('SesEmailSender', () => {
  it('sends one SESv2 SendEmail: from the configured address, to the one recipient, subject and both bodies in UTF-8', async () => {
    const send = jest.fn((_command: unknown) => Promise.resolve({ MessageId: 'm-1', $metadata: {} }));
    await new SesEmailSender({ send } as unknown as Pick<SESv2Client, 'send'>, 'FrameForge <no-reply@frameforge.dev>').send(message);
    expect(send).toHaveBeenCalledTimes(1);
    const command = send.mock.calls[0]?.[0];
    expect(command).toBeInstanceOf(SendEmailCommand);
    expect((command as SendEmailCommand).input).toEqual({
      FromEmailAddress: 'FrameForge <no-reply@frameforge.dev>',
      Destination: { ToAddresses: ['ada@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('a refusal by SES reaches the caller (the notice gives its claim back)', async () => {
    const refusal = new SESv2ServiceException({ name: 'MessageRejected', $fault: 'client', $metadata: {}, message: 'Email address is not verified.' });
    const sender = new SesEmailSender({ send: () => Promise.reject(refusal) } as unknown as Pick<SESv2Client, 'send'>, 'no-reply@frameforge.dev');
    await expect(sender.send(message)).rejects.toThrow('Email address is not verified.');
  });
});
