import { createServer, type AddressInfo, type Server } from 'node:net';
import { SmtpEmailSender } from './smtp-email-sender';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const replies: Record<string, string> = { EHLO: '250-test\r\n250 8BITMIME\r\n', HELO: '250 test\r\n', DATA: '354 go on\r\n' };

/** The smallest SMTP server that accepts mail (no STARTTLS, as the local inbox): what a client must manage with. */
function smtpServer(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line);
        buffer = buffer.slice(line + 2);
        const verb = command.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = command;
        if (verb === 'RCPT') current.to.push(command);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(replies[verb] ?? '250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })));
}

describe('SmtpEmailSender', () => {
  it('delivers the message to the SMTP URL: envelope, headers and both parts', async () => {
    const { server, port, received } = await smtpServer();
    try {
      await new SmtpEmailSender(`smtp://127.0.0.1:${port}`, 'FrameForge <no-reply@frameforge.local>').send({
        to: 'ada@example.com',
        subject: 'FrameForge job failed: /cut (task t-1)',
        text: 'Task id: t-1',
        html: '<p>Task id: t-1</p>',
      });
    } finally {
      server.close();
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toContain('<no-reply@frameforge.local>');
    expect(mail?.to).toEqual([expect.stringContaining('<ada@example.com>')]);
    expect(mail?.data).toMatch(/^Subject: FrameForge job failed: \/cut \(task t-1\)$/m);
    expect(mail?.data).toMatch(/^From: FrameForge <no-reply@frameforge.local>$/m);
    expect(mail?.data).toContain('Content-Type: text/plain');
    expect(mail?.data).toContain('Content-Type: text/html');
    expect(mail?.data).toContain('<p>Task id: t-1</p>');
  });
});
