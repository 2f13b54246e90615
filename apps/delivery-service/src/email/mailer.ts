import nodemailer from 'nodemailer';
import { convert } from 'html-to-text';
import { inSpan, SpanKind } from '@herald/service-kit';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

export interface Mailer {
  /** Sends one email; returns the provider's message id. Throws on refusal. */
  send(mail: OutgoingEmail): Promise<string>;
  close(): void;
}

/** The plain-text part of an email whose sender gave only html. */
export const textOf = (html: string): string => convert(html, { wordwrap: 78 });

/** Nodemailer over a pooled SMTP transport (connections kept open and reused). */
export function createMailer(opts: { url: string; from: string; poolSize: number }): Mailer {
  const u = new URL(opts.url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: opts.poolSize,
    maxMessages: Infinity,
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 25)),
    secure: u.protocol === 'smtps:',
    ignoreTLS: u.protocol === 'smtp:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost'),
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
  });
  return {
    async send(mail) {
      const info = await inSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'server.address': u.hostname } }, () =>
        transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text ?? textOf(mail.html),
        }),
      );
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
