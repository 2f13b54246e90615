import { violation, type Violation } from '@herald/service-kit';
import type { EmailContent } from './notification';

/**
 * The rules of time-aware delivery that need no store: when a send is due, what an
 * escalation may ask, the sliding-window throttle, and the digest mail's text.
 */

export const SEND_AHEAD_MAX_DAYS = 90;
const DAY_MS = 86_400_000;
export const EMAIL_DELAY_MAX_SECONDS = 604_800;
export const EMAIL_UNLESS = ['read', 'opened'] as const;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time (a real calendar date and time, an offset or Z), or null. */
export function parseRfc3339(value: string): Date | null {
  const m = RFC3339.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const offsetOk = m[8].length === 1 || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  if (!offsetOk || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  const t = Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(t) ? null : new Date(t);
}

/** `send_at` as sent: a violation when it is no RFC 3339 date-time or over 90 days ahead of `now`. */
export function sendAtViolations(sendAt: string | undefined, now: Date): Violation[] {
  if (sendAt === undefined) return [];
  const at = parseRfc3339(sendAt);
  if (!at) return [violation('send_at', 'send_at must be an RFC 3339 date-time, e.g. 2030-01-31T09:00:00Z', sendAt)];
  if (at.getTime() - now.getTime() > SEND_AHEAD_MAX_DAYS * DAY_MS) {
    return [violation('send_at', `send_at must be at most ${SEND_AHEAD_MAX_DAYS} days ahead`, sendAt)];
  }
  return [];
}

/** When a send is due: its `send_at` when that is still ahead of `now`; null (at once) when absent or past. */
export function scheduledFor(sendAt: string | undefined, now: Date): Date | null {
  const at = sendAt === undefined ? null : parseRfc3339(sendAt);
  return at && at.getTime() > now.getTime() ? at : null;
}

/** An email block's escalation fields (`delay_seconds`, `unless`; `unless` needs a payload to be read). */
export function escalationViolations(email: EmailContent | null, hasPayload: boolean): Violation[] {
  if (!email) return [];
  const out: Violation[] = [];
  const { delay_seconds: delay, unless } = email;
  if (delay !== undefined && (!Number.isInteger(delay) || delay < 0 || delay > EMAIL_DELAY_MAX_SECONDS)) {
    out.push(violation('email.delay_seconds', `email.delay_seconds must be an integer from 0 to ${EMAIL_DELAY_MAX_SECONDS}`, delay));
  }
  if (unless !== undefined) {
    if (!(EMAIL_UNLESS as readonly string[]).includes(unless)) out.push(violation('email.unless', 'email.unless must be read or opened', unless));
    else if (!hasPayload) out.push(violation('email.unless', 'email.unless needs a payload: the in-app notification whose reading holds the email back', unless));
  }
  return out;
}

/** Whether an escalation email is held back: its in-app notification was delivered and is read (or opened) now. */
export function heldBackByInApp(unless: EmailContent['unless'], n: { status: string; read: boolean; opened: boolean }): boolean {
  if (!unless || n.status !== 'delivered') return false;
  return unless === 'read' ? n.read : n.opened;
}

/**
 * The sliding-window throttle: deliveries to one (entry, recipient) are numbered 1, 2, 3, … in the
 * order they are taken. Delivery `n` is allowed when `n <= max`, or when delivery `n - max` was
 * taken at least `windowMs` before `nowMs` (so no window of that length holds more than `max`).
 * No record of `n - max` (`undefined`): it expired (older than any window) or its number was never
 * taken, and either way fewer than `max` deliveries are in the window.
 */
export function throttleAllows(n: number, max: number, takenAtOfNMinusMax: number | undefined, nowMs: number, windowMs: number): boolean {
  if (n <= max || takenAtOfNMinusMax === undefined) return true;
  return takenAtOfNMinusMax <= nowMs - windowMs;
}

/** The digest mail's subject: `{count}` replaced by the number of items. */
export const digestSubject = (subject: string, count: number): string => subject.split('{count}').join(String(count));

/**
 * The digest mail's html: each item's html in order, in a plain, accessible layout (a document
 * language, a heading, one section per item separated by a rule, nothing positioned or hidden).
 */
export function digestHtml(subject: string, items: { subject: string; html: string }[]): string {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const sections = items.map(
    (item, i) => `<section aria-labelledby="item-${i + 1}">\n<h2 id="item-${i + 1}" style="font-size:1.1em">${escape(item.subject)}</h2>\n${item.html}\n</section>`,
  );
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escape(subject)}</title></head>\n<body>\n<h1 style="font-size:1.3em">${escape(subject)}</h1>\n${sections.join('\n<hr>\n')}\n</body>\n</html>`;
}
