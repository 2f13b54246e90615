import type { DecidingEntry, DecidingRule, MediumDecision, Notification, Target } from '../api';

/**
 * `herald explain` in words: one plain sentence per medium of a notification's `decision`
 * from the decision object alone. Every `because` value has its sentence; a value this
 * CLI does not know yet is shown as it is.
 */

type Medium = 'in_app' | 'email' | 'sms' | 'web_push' | 'chat' | 'mobile_push';

/** The mediums of a decision, in the order they are explained. */
const MEDIUMS: readonly Medium[] = ['in_app', 'email', 'sms', 'web_push', 'chat', 'mobile_push'];

const MEDIUM_NAME: Record<Medium, string> = { in_app: 'in-app', email: 'email', sms: 'SMS', web_push: 'web push', chat: 'chat', mobile_push: 'mobile push' };
const MEDIUM_PLURAL: Record<string, string> = { in_app: 'in-app notifications', email: 'emails', sms: 'SMS messages', web_push: 'web push notifications', chat: 'chat messages', mobile_push: 'mobile pushes' };

/** What each result is called, per medium (pending and unknown results as they are). */
const OUTCOME: Record<Medium, Record<string, string>> = {
  in_app: { delivered: 'delivered', suppressed: 'not delivered', quota_exceeded: 'not delivered', throttled: 'not delivered', canceled: 'not delivered', failed: 'failed' },
  email: { sent: 'sent', skipped: 'not sent', failed: 'failed' },
  sms: { sent: 'sent', delivered: 'delivered', undelivered: 'not delivered', skipped: 'not sent', failed: 'failed' },
  web_push: { sent: 'sent', skipped: 'not sent', failed: 'failed' },
  chat: { sent: 'sent', skipped: 'not sent', failed: 'failed' },
  mobile_push: { sent: 'sent', skipped: 'not sent', failed: 'failed' },
};

const VIA: Record<string, string> = {
  api_key: 'through the API (a project key)',
  recipient_token: 'through a recipient token',
  unsubscribe_link: 'through an unsubscribe link',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-20T10:00:00Z` → `20 Nov 2026` (UTC); null for a missing or unreadable time. */
export function dayOf(timestamp: string | null | undefined): string | null {
  const t = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const targetText = (t: Target | undefined) => (t ? `${t.channel}/${t.topic}/${t.event}` : 'this target');
const plural = (medium: string) => MEDIUM_PLURAL[medium] ?? `${medium} notifications`;
const isRule = (r: MediumDecision['rule']): r is DecidingRule => !!r && 'enabled' in r;
const isEntry = (r: MediumDecision['rule']): r is DecidingEntry => !!r && 'default_enabled' in r;

function recipientRule(r: DecidingRule | null, step: 1 | 2, medium: Medium): string {
  if (!r) return `a rule of the recipient decided (recipient rule, step ${step} of the cascade)`;
  const day = dayOf(r.set_at);
  const via = r.set_via ? VIA[r.set_via] ?? `through ${r.set_via}` : null;
  const when = [day && `on ${day}`, via].filter(Boolean).join(' ');
  return `the recipient turned ${r.enabled ? 'on' : 'off'} ${targetText(r.target)} ${plural(r.medium || medium)}${when ? ` ${when}` : ''} (recipient rule, step ${step} of the cascade)`;
}

const entryName = (e: DecidingEntry) => `the catalog entry #${e.id} "${e.label}"`;

function catalogEntry(e: DecidingEntry | null, step: 3 | 4, medium: Medium): string {
  const label = step === 3 ? 'catalog entry, step 3 of the cascade' : 'catalog entry for every topic, step 4 of the cascade';
  if (!e) return `a catalog entry decided (${label})`;
  return `${entryName(e)} turns ${targetText(e.target)} ${plural(e.medium || medium)} ${e.default_enabled ? 'on' : 'off'} by default, and the recipient has no rule of their own for them (${label})`;
}

function mandatoryEntry(e: DecidingEntry | null, medium: Medium): string {
  if (!e) return 'a mandatory catalog entry decided, whatever the recipient’s own rules say (mandatory catalog entry)';
  return `${entryName(e)} makes ${targetText(e.target)} ${plural(e.medium || medium)} mandatory (always ${e.default_enabled ? 'on' : 'off'}), whatever the recipient’s own rules say (mandatory catalog entry)`;
}

const mediumDefault = (medium: Medium) =>
  `neither the catalog nor the recipient’s rules cover it, and ${plural(medium)} are ${medium === 'in_app' ? 'delivered' : 'not sent'} by default (medium default, step 5 of the cascade)`;

/** The gates after the cascade: what stopped (or failed) a medium the preferences allowed. */
export const GATE_REASONS: Record<string, string> = {
  not_cataloged: 'the project’s catalog has no entry covering this target for email, and email is sent only for cataloged targets',
  no_target: 'the send had no target, and email is sent only for a cataloged target',
  no_primary_contact: 'the recipient has no primary email address',
  address_undeliverable: 'the recipient’s primary email address is marked undeliverable (a mail server refused it before)',
  contact_unconfirmed: 'the recipient’s primary email address was set from a browser or app (a recipient token) and its owner has not followed the confirmation link mailed to it yet',
  quota_exceeded: 'the project’s monthly quota was used up',
  broadcast_limit_exceeded: 'the broadcast had more email recipients than the project allows (max_broadcast_recipients_for_email)',
  provider_error: 'the mail server did not take it (it refused the mail, or kept failing until the last retry)',
  address_rejected: 'the mail server refused the address permanently; the contact is now marked undeliverable',
  canceled: 'the scheduled send was canceled before its time',
  throttled: 'the catalog entry’s throttle was reached: the recipient had the most it allows in its window',
  read_in_app: 'the in-app notification was read (or opened) before the delayed email was due',
  subscription_expired: 'the browser’s push subscription has expired or was revoked; the contact is now marked undeliverable',
};

/** Gates whose words depend on the medium (the wording above is email's). */
const MEDIUM_GATE_REASONS: Partial<Record<Medium, Record<string, string>>> = {
  sms: {
    not_cataloged: 'the project’s catalog has no entry covering this target for SMS, and SMS is sent only for cataloged targets',
    no_target: 'the send had no target, and SMS is sent only for a cataloged target',
    no_primary_contact: 'the recipient has no primary SMS number',
    address_undeliverable: 'the recipient’s primary SMS number is marked undeliverable',
    provider_error: 'the SMS provider did not take it (it refused the message, or kept failing until the last retry)',
    sms_country_not_allowed: 'the recipient’s primary SMS number is in a country the project does not text (its sms_country_codes)',
  },
  web_push: {
    not_cataloged: 'the project’s catalog has no entry covering this target for web push, and web push is sent only for cataloged targets',
    no_target: 'the send had no target, and web push is sent only for a cataloged target',
    no_primary_contact: 'the recipient has no web push subscription',
    address_undeliverable: 'the recipient’s push subscription is marked undeliverable',
    provider_error: 'the push service did not take it (it refused the message, or kept failing until the last retry)',
  },
  chat: {
    not_cataloged: 'the project’s catalog has no entry covering this target for chat, and chat messages are sent only for cataloged targets',
    no_target: 'the send had no target, and chat messages are sent only for a cataloged target',
    no_primary_contact: 'the recipient has no primary chat contact (a Slack channel or a chat webhook)',
    address_undeliverable: 'the recipient’s chat channel or webhook is marked undeliverable (the service said it is gone)',
    address_rejected: 'the chat service said the channel or webhook is gone; the contact is now marked undeliverable',
    provider_error: 'the chat service did not take it (it refused the message, or kept failing until the last retry)',
  },
  mobile_push: {
    not_cataloged: 'the project’s catalog has no entry covering this target for mobile push, and mobile pushes are sent only for cataloged targets',
    no_target: 'the send had no target, and mobile pushes are sent only for a cataloged target',
    no_device: 'the recipient has no registered device',
    provider_not_configured: 'the project has configured no provider (FCM, APNs) of the recipient’s devices',
    device_gone: 'FCM or APNs said every device is gone; the devices were removed',
    provider_error: 'no device took it (FCM or APNs refused it, or kept failing until the last retry)',
  },
};

/** Why, in words: the clause after the dash. */
export function reasonOf(medium: Medium, d: MediumDecision): string {
  switch (d.because) {
    case 'recipient_rule':
      return recipientRule(isRule(d.rule) ? d.rule : null, 1, medium);
    case 'recipient_topic_any_rule':
      return recipientRule(isRule(d.rule) ? d.rule : null, 2, medium);
    case 'catalog_entry':
      return catalogEntry(isEntry(d.rule) ? d.rule : null, 3, medium);
    case 'catalog_topic_any_entry':
      return catalogEntry(isEntry(d.rule) ? d.rule : null, 4, medium);
    case 'mandatory_entry':
      return mandatoryEntry(isEntry(d.rule) ? d.rule : null, medium);
    case 'medium_default':
      return mediumDefault(medium);
    case null:
    case undefined:
      return d.result === 'pending' ? 'not decided yet' : 'no reason was recorded';
    default:
      return MEDIUM_GATE_REASONS[medium]?.[d.because] ?? GATE_REASONS[d.because] ?? `because ${d.because}`;
  }
}

/** One medium's sentence: `email: not sent — the recipient turned off … (recipient rule, step 2 of the cascade)`. */
export function explainMedium(medium: Medium, d: MediumDecision): string {
  const outcome = OUTCOME[medium][d.result] ?? d.result;
  return `${MEDIUM_NAME[medium]}: ${outcome} — ${reasonOf(medium, d)}`;
}

/** Every medium the send asked for, in-app first; one line when no decision was recorded. */
export function explainNotification(n: Pick<Notification, 'id' | 'decision'>): string[] {
  const d = n.decision;
  const lines = d ? MEDIUMS.filter((m) => d[m]).map((m) => explainMedium(m, d[m]!)) : [];
  return lines.length > 0 ? lines : [`notification #${n.id}: no decision was recorded (it was sent before Herald recorded decisions)`];
}
