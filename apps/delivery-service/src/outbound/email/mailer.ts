import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { convert } from 'html-to-text';
import { createBoundedMap, inSpan, SpanKind, systemClock, type Clock } from '@herald/service-kit';
import { composeMessage } from './composed-message';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** The notification the mail belongs to (`X-Herald-Notification`, for support); absent for Herald's own mails (contact confirmation) and on a digest. */
  notificationId?: number;
  /**
   * A digest mail: `X-Herald-Digest: <id>`, and a Message-ID fixed by the digest id, so
   * that a mail sent again after a crash (before its outcome was written) is the same message to
   * the receiver.
   */
  digestId?: number;
  /** The project's sender; absent: the configured default (SMTP_FROM). */
  from?: { address: string; name: string | null };
  /** The display name for this mail only (the send's `email.from_name`); the address stays. */
  fromName?: string;
  replyTo?: string;
  /** One-click unsubscribe URL (RFC 8058, RFC 2369); absent: no List-Unsubscribe headers. */
  unsubscribeUrl?: string;
}

/** DKIM signing of every mail (RFC 6376), by nodemailer. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * Header fields the DKIM signature covers: nodemailer's usual list plus the RFC 8058 pair (which
 * must be signed for mailbox providers to honour one-click unsubscribe) and Herald's own.
 */
const SIGNED_HEADERS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'List-Unsubscribe', 'List-Unsubscribe-Post', 'Auto-Submitted', 'X-Herald-Notification', 'X-Herald-Digest',
].join(':');

/** The domain of an address (`a@b.c` → `b.c`). */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

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
  const memo = createBoundedMap<string, string>(max);
  return (html) => {
    let text = memo.get(html);
    if (text === undefined) {
      text = textOf(html);
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
 * A permanent refusal of the recipient's address itself: a 5xx reply to RCPT TO, or any reply with
 * an RFC 3463 enhanced status 5.1.x (bad destination mailbox or system). Other 5xx replies (the
 * message or the sender refused) say nothing about the address.
 */
export function isAddressRejected(err: unknown): boolean {
  if (!isPermanentSmtpError(err)) return false;
  const e = err as { command?: string; response?: string; message?: string };
  return e.command === 'RCPT TO' || /(^|\s)5\.1\.\d{1,3}(\s|$)/.test(e.response ?? e.message ?? '');
}

/** A loopback host: `localhost`, 127.0.0.0/8, ::1. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]' || hostname === '::1';

/**
 * How the connection to the relay is protected: `smtps:` is TLS from the first byte; `smtp:` must
 * upgrade with STARTTLS whenever TLS is required, and a relay that does not offer it (or an attacker
 * on the path who removed the offer from its greeting) is refused before anything is sent
 * (nodemailer `requireTLS`). Required by default for every host but loopback (`requireTls`
 * undefined); a loopback relay (a local sink or a sidecar) is spoken to in plain text unless
 * required.
 */
export function tlsPolicy(url: URL, requireTls?: boolean): { secure: boolean; requireTLS: boolean; ignoreTLS: boolean } {
  if (url.protocol === 'smtps:') return { secure: true, requireTLS: false, ignoreTLS: false };
  const required = requireTls ?? !isLoopbackHost(url.hostname);
  return { secure: false, requireTLS: required, ignoreTLS: !required && isLoopbackHost(url.hostname) };
}

/**
 * Nodemailer over a pooled SMTP transport: `poolSize` connections kept open and reused, mails sent
 * concurrently over them. Timeouts bound a server that does not answer (connection, greeting, and
 * any socket silence), so a hung server costs a retry, not a stuck worker. The envelope recipient is
 * given explicitly: exactly the one stored address, whatever the header parser would make of it.
 * TLS as `tlsPolicy` says (`requireTls`: SMTP_REQUIRE_TLS).
 */
/** `clock` (default: the system's) dates each mail (its Date header). */
export function createMailer(opts: { url: string; from: string; poolSize: number; timeoutMs?: number; dkim?: DkimSettings; requireTls?: boolean; clock?: Clock }): Mailer {
  const clock = opts.clock ?? systemClock;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const u = new URL(opts.url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: opts.poolSize,
    maxMessages: Infinity,
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 25)),
    ...tlsPolicy(u, opts.requireTls),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    dkim: opts.dkim ? { ...opts.dkim, headerFieldNames: SIGNED_HEADERS } : undefined,
  });
  const defaultFrom = /<([^>]+)>/.exec(opts.from)?.[1] ?? opts.from;
  const defaultName = /^\s*"?([^"<]*?)"?\s*</.exec(opts.from)?.[1] || null;
  const plainText = memoTextOf();
  return {
    async send(mail) {
      const fromAddress = mail.from?.address ?? defaultFrom;
      const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
      if (mail.notificationId !== undefined) headers['X-Herald-Notification'] = String(mail.notificationId);
      if (mail.digestId !== undefined) headers['X-Herald-Digest'] = String(mail.digestId);
      if (mail.unsubscribeUrl) {
        headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      // On the sender's domain (the project's when it has one), unique per mail.
      const messageId = `<${mail.digestId !== undefined ? `herald-digest-${mail.digestId}` : randomUUID()}@${domainOf(fromAddress)}>`;
      // Composed here as one buffer, it leaves in one socket write (and DKIM signs it as it is).
      const raw = composeMessage({
        from: mail.from || mail.fromName ? { address: fromAddress, name: mail.fromName ?? (mail.from ? mail.from.name : defaultName) ?? '' } : opts.from,
        replyTo: mail.replyTo,
        to: mail.to,
        subject: mail.subject,
        date: clock.date(),
        messageId,
        headers,
        text: mail.text ?? plainText(mail.html),
        html: mail.html,
      });
      const info = await inSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'server.address': u.hostname } }, () =>
        transport.sendMail({ envelope: { from: fromAddress, to: [mail.to] }, raw, messageId }),
      );
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
