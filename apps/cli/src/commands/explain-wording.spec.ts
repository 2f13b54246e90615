import type { MediumDecision } from '../api';
import { dayOf, explainMedium, explainNotification, GATE_REASONS } from './explain-wording';

const billingAny = { channel: 'billing', topic: 'any', event: 'invoice.paid' };
const billing = { ...billingAny, topic: 'none' };
const rule = (over: object = {}) => ({ target: billingAny, medium: 'email', enabled: false, set_at: '2026-11-20T10:00:00Z', set_via: 'unsubscribe_link', ...over });
const entry = (over: object = {}) => ({ id: 7, label: 'Invoice paid', target: billing, medium: 'email', default_enabled: true, mandatory: false, ...over });
const gate = (result: string, because: string): MediumDecision => ({ result, because, rule: null });

type Row = [string, 'in_app' | 'email' | 'sms' | 'web_push' | 'chat' | 'mobile_push', MediumDecision, string];

// Each row: the situation, the medium, its decision, and the sentence `herald explain` prints.
const table: Row[] = [
  // The cascade's steps.
  ['a recipient topic-any rule set through an unsubscribe link (the issue’s example)', 'email', { result: 'skipped', because: 'recipient_topic_any_rule', rule: rule() },
    'email: not sent — the recipient turned off billing/any/invoice.paid emails on 20 Nov 2026 through an unsubscribe link (recipient rule, step 2 of the cascade)'],
  ['an exact recipient rule set through a recipient token', 'email', { result: 'sent', because: 'recipient_rule', rule: rule({ target: billing, enabled: true, set_via: 'recipient_token', set_at: '2026-01-05T23:59:59Z' }) },
    'email: sent — the recipient turned on billing/none/invoice.paid emails on 5 Jan 2026 through a recipient token (recipient rule, step 1 of the cascade)'],
  ['an in-app rule set with a project key', 'in_app', { result: 'suppressed', because: 'recipient_rule', rule: rule({ target: billing, medium: 'in_app', set_via: 'api_key' }) },
    'in-app: not delivered — the recipient turned off billing/none/invoice.paid in-app notifications on 20 Nov 2026 through the API (a project key) (recipient rule, step 1 of the cascade)'],
  ['a rule set before set_via was recorded', 'in_app', { result: 'delivered', because: 'recipient_rule', rule: rule({ medium: 'in_app', enabled: true, set_via: null }) },
    'in-app: delivered — the recipient turned on billing/any/invoice.paid in-app notifications on 20 Nov 2026 (recipient rule, step 1 of the cascade)'],
  ['a catalog entry', 'email', { result: 'sent', because: 'catalog_entry', rule: entry() },
    'email: sent — the catalog entry #7 "Invoice paid" turns billing/none/invoice.paid emails on by default, and the recipient has no rule of their own for them (catalog entry, step 3 of the cascade)'],
  ['a catalog topic-any entry, off by default', 'in_app', { result: 'suppressed', because: 'catalog_topic_any_entry', rule: entry({ target: billingAny, medium: 'in_app', default_enabled: false }) },
    'in-app: not delivered — the catalog entry #7 "Invoice paid" turns billing/any/invoice.paid in-app notifications off by default, and the recipient has no rule of their own for them (catalog entry for every topic, step 4 of the cascade)'],
  ['the in-app default', 'in_app', { result: 'delivered', because: 'medium_default', rule: null },
    'in-app: delivered — neither the catalog nor the recipient’s rules cover it, and in-app notifications are delivered by default (medium default, step 5 of the cascade)'],
  ['the email default', 'email', { result: 'skipped', because: 'medium_default', rule: null },
    'email: not sent — neither the catalog nor the recipient’s rules cover it, and emails are not sent by default (medium default, step 5 of the cascade)'],
  ['a mandatory entry', 'email', { result: 'sent', because: 'mandatory_entry', rule: entry({ label: 'Security', mandatory: true }) },
    'email: sent — the catalog entry #7 "Security" makes billing/none/invoice.paid emails mandatory (always on), whatever the recipient’s own rules say (mandatory catalog entry)'],
  // The gates after the cascade.
  ['not cataloged', 'email', gate('skipped', 'not_cataloged'), `email: not sent — ${GATE_REASONS.not_cataloged}`],
  ['no target', 'email', gate('skipped', 'no_target'), 'email: not sent — the send had no target, and email is sent only for a cataloged target'],
  ['no primary contact', 'email', gate('skipped', 'no_primary_contact'), 'email: not sent — the recipient has no primary email address'],
  ['an undeliverable address', 'email', gate('skipped', 'address_undeliverable'), `email: not sent — ${GATE_REASONS.address_undeliverable}`],
  ['an unconfirmed address', 'email', gate('skipped', 'contact_unconfirmed'), `email: not sent — ${GATE_REASONS.contact_unconfirmed}`],
  ['the in-app quota', 'in_app', gate('quota_exceeded', 'quota_exceeded'), 'in-app: not delivered — the project’s monthly quota was used up'],
  ['the email quota', 'email', gate('skipped', 'quota_exceeded'), 'email: not sent — the project’s monthly quota was used up'],
  ['the broadcast limit', 'email', gate('skipped', 'broadcast_limit_exceeded'), `email: not sent — ${GATE_REASONS.broadcast_limit_exceeded}`],
  ['a provider error', 'email', gate('failed', 'provider_error'), `email: failed — ${GATE_REASONS.provider_error}`],
  ['a rejected address', 'email', gate('failed', 'address_rejected'), 'email: failed — the mail server refused the address permanently; the contact is now marked undeliverable'],
  // Time-aware delivery.
  ['a canceled scheduled send', 'in_app', gate('canceled', 'canceled'), 'in-app: not delivered — the scheduled send was canceled before its time'],
  ['a throttled in-app', 'in_app', gate('throttled', 'throttled'), `in-app: not delivered — ${GATE_REASONS.throttled}`],
  ['a throttled email', 'email', gate('skipped', 'throttled'), `email: not sent — ${GATE_REASONS.throttled}`],
  ['an escalation read in time', 'email', gate('skipped', 'read_in_app'), 'email: not sent — the in-app notification was read (or opened) before the delayed email was due'],
  // SMS and web push, in their own words.
  ['an SMS without a number', 'sms', gate('skipped', 'no_primary_contact'), 'SMS: not sent — the recipient has no primary SMS number'],
  ['an SMS the provider reported undelivered', 'sms', gate('undelivered', 'provider_error'), 'SMS: not delivered — the SMS provider did not take it (it refused the message, or kept failing until the last retry)'],
  ['an expired push subscription', 'web_push', gate('failed', 'subscription_expired'), `web push: failed — ${GATE_REASONS.subscription_expired}`],
  ['a chat message without a channel', 'chat', gate('skipped', 'no_primary_contact'), 'chat: not sent — the recipient has no primary chat contact (a Slack channel or a chat webhook)'],
  ['a gone chat channel', 'chat', gate('failed', 'address_rejected'), 'chat: failed — the chat service said the channel or webhook is gone; the contact is now marked undeliverable'],
  ['a mobile push without a device', 'mobile_push', gate('skipped', 'no_device'), 'mobile push: not sent — the recipient has no registered device'],
  ['a mobile push without a provider', 'mobile_push', gate('skipped', 'provider_not_configured'), 'mobile push: not sent — the project has configured no provider (FCM, APNs) of the recipient’s devices'],
  // Not decided, or not known to this CLI.
  ['pending email', 'email', { result: 'pending', because: null, rule: null }, 'email: pending — not decided yet'],
  ['pending in-app', 'in_app', { result: 'pending', because: null, rule: null }, 'in-app: pending — not decided yet'],
  ['a gate this CLI does not know', 'email', gate('skipped', 'moon_phase'), 'email: not sent — because moon_phase'],
  ['a result this CLI does not know', 'in_app', { result: 'teleported', because: 'medium_default', rule: null },
    'in-app: teleported — neither the catalog nor the recipient’s rules cover it, and in-app notifications are delivered by default (medium default, step 5 of the cascade)'],
];

describe('herald explain wording', () => {
  it.each(table)('when %s, then one plain sentence says so', (_name, medium, decision, sentence) => {
    expect(explainMedium(medium, decision)).toBe(sentence);
  });

  it('when every row is checked, then every because value of the contract has a sentence of its own', () => {
    const covered = new Set(table.map((r) => r[2].because));
    for (const because of ['recipient_rule', 'recipient_topic_any_rule', 'catalog_entry', 'catalog_topic_any_entry', 'medium_default', 'mandatory_entry', ...Object.keys(GATE_REASONS), null]) {
      expect([because, covered.has(because)]).toEqual([because, true]);
    }
    expect(Object.keys(GATE_REASONS).sort()).toEqual(
      ['not_cataloged', 'no_target', 'no_primary_contact', 'address_undeliverable', 'contact_unconfirmed', 'quota_exceeded', 'broadcast_limit_exceeded', 'provider_error', 'address_rejected', 'subscription_expired', 'canceled', 'throttled', 'read_in_app'].sort(),
    );
  });

  it('when a rule has no set_at, then the sentence leaves the day out', () => {
    expect(explainMedium('email', { result: 'skipped', because: 'recipient_rule', rule: rule({ set_at: null, set_via: null }) })).toBe(
      'email: not sent — the recipient turned off billing/any/invoice.paid emails (recipient rule, step 1 of the cascade)',
    );
  });

  it('when a notification has both mediums, then in-app comes first; without a decision, one line says so', () => {
    const both = { in_app: gate('delivered', 'medium_default'), email: gate('skipped', 'no_primary_contact') };
    expect(explainNotification({ id: 42, decision: { email: both.email, in_app: both.in_app } })).toEqual([
      expect.stringMatching(/^in-app: delivered — /),
      'email: not sent — the recipient has no primary email address',
    ]);
    for (const decision of [null, undefined, {}]) {
      expect(explainNotification({ id: 42, decision })).toEqual(['notification #42: no decision was recorded (it was sent before Herald recorded decisions)']);
    }
  });

  it('when a send asked for SMS and web push too, then each has its sentence in its own words', () => {
    const decision = {
      in_app: { result: 'delivered', because: 'medium_default', rule: null },
      sms: { result: 'skipped', because: 'no_primary_contact', rule: null },
      web_push: { result: 'sent', because: 'catalog_entry', rule: null },
    };
    expect(explainNotification({ id: 7, decision })).toEqual([
      expect.stringMatching(/^in-app: delivered — /),
      'SMS: not sent — the recipient has no primary SMS number',
      expect.stringMatching(/^web push: sent — a catalog entry decided/),
    ]);
  });

  it.each([
    ['2026-11-20T10:00:00Z', '20 Nov 2026'],
    ['2026-12-31T23:59:59Z', '31 Dec 2026'],
    [null, null],
    ['not a time', null],
  ])('when the day of %s is asked, then it is %s (UTC)', (input, day) => {
    expect(dayOf(input)).toBe(day);
  });
});
