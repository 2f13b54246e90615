import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer';

/**
 * SMTP_REQUIRE_TLS against a real SMTP server that does not offer STARTTLS (as when someone on the
 * path strips the offer from the greeting): with TLS required nothing is sent.
 */
describe('mailer TLS requirement', () => {
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      // No STARTTLS at all: neither offered nor accepted (what a relay, or an attacker on the path, that strips it looks like).
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const mail = (to: string) => ({ to, subject: 's', html: '<p>x</p>', notificationId: 1 });

  it('when TLS is required and the relay offers no STARTTLS, then the send fails and nothing is delivered', async () => {
    const mailer = createMailer({ url: `smtp://127.0.0.1:${port}`, from: 'a@herald.test', poolSize: 1, timeoutMs: 5_000, requireTls: true });
    try {
      await expect(mailer.send(mail('stripped@example.test'))).rejects.toThrow(/TLS/);
      expect(received).not.toContain('stripped@example.test');
    } finally {
      mailer.close();
    }
  });

  it('when the relay is loopback and TLS is not required, then the mail is sent in plain text', async () => {
    const mailer = createMailer({ url: `smtp://127.0.0.1:${port}`, from: 'a@herald.test', poolSize: 1, timeoutMs: 5_000 });
    try {
      await mailer.send(mail('plain@example.test'));
      expect(received).toContain('plain@example.test');
    } finally {
      mailer.close();
    }
  });
});
