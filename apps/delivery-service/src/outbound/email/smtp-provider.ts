import type { Clock } from '@herald/service-kit';
import { DeliveryFailure } from '../../kernel/outbound';
import type { Provider } from '../provider';
import { createMailer, isAddressRejected, isPermanentSmtpError, type DkimSettings, type OutgoingEmail } from './mailer';

/**
 * One SMTP relay as an email provider (failover switches between two of them): nodemailer's pooled
 * transport (outbound/email/mailer.ts), its refusals classified: a permanent refusal of the address (5xx at
 * RCPT TO, a 5.1.x status) is `address_rejected`, another 5xx `rejected`, anything else (4xx,
 * timeouts, connection errors) `transient`. Error texts are the server's reply, never the URL's
 * credentials. TLS as `tlsPolicy` says (`requireTls`: SMTP_REQUIRE_TLS).
 */
export function createSmtpProvider(opts: { name: string; url: string; from: string; poolSize: number; timeoutMs?: number; dkim?: DkimSettings; requireTls?: boolean; clock?: Clock }): Provider<OutgoingEmail> {
  const mailer = createMailer(opts);
  const password = new URL(opts.url).password;
  const redact = (s: string) => (password ? s.split(decodeURIComponent(password)).join('***') : s);
  return {
    name: opts.name,
    async send(mail) {
      try {
        return { messageId: await mailer.send(mail) };
      } catch (err) {
        const message = redact(String((err as Error)?.message ?? err)).slice(0, 500);
        const kind = isAddressRejected(err) ? 'address_rejected' : isPermanentSmtpError(err) ? 'rejected' : 'transient';
        throw Object.assign(new DeliveryFailure(kind, message), { response: (err as { response?: string })?.response });
      }
    },
    close: () => mailer.close(),
  };
}
