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

/**
 * textOf, remembered for the last few bodies: a broadcast sends one html to every recipient, and
 * the conversion costs more than the rest of building the mail.
 */
function memoTextOf(max = 16): (html: string) => string {
  const memo = new Map<string, string>();
  return (html) => {
    let text = memo.get(html);
    if (text === undefined) {
      text = textOf(html);
      if (memo.size >= max) memo.delete(memo.keys().next().value!);
      memo.set(html, text);
    }
    return text;
  };
}

/**
 * A refusal that will not change on retry: an SMTP 5xx reply (RFC 5321 §4.2.1: permanent negative
 * completion). 4xx replies, timeouts and connection errors are temporary.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Nodemailer over a pooled SMTP transport: `poolSize` connections kept open and reused, mails sent
 * concurrently over them. Timeouts bound a server that does not answer (connection, greeting, and
 * any socket silence), so a hung server costs a retry, not a stuck worker. The envelope recipient is
 * given explicitly: exactly the one stored address, whatever the header parser would make of it.
 */
export function createMailer(opts: { url: string; from: string; poolSize: number; timeoutMs?: number }): Mailer {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const u = new URL(opts.url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: opts.poolSize,
    maxMessages: Infinity,
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 25)),
    secure: u.protocol === 'smtps:',
    ignoreTLS: u.protocol === 'smtp:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost'),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
  });
  const envelopeFrom = /<([^>]+)>/.exec(opts.from)?.[1] ?? opts.from;
  const plainText = memoTextOf();
  return {
    async send(mail) {
      const info = await inSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'server.address': u.hostname } }, () =>
        transport.sendMail({
          from: opts.from,
          to: mail.to,
          envelope: { from: envelopeFrom, to: [mail.to] },
          subject: mail.subject,
          html: mail.html,
          text: mail.text ?? plainText(mail.html),
        }),
      );
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
