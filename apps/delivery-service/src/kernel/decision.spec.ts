import type { CascadeDecision } from './decision';
import { emailBecause, inAppBecause } from './decision-reasons';
import { emailNotRequested, type EmailOutcome, type EmailReason } from './notification';

const rule: CascadeDecision = {
  because: 'recipient_topic_any_rule',
  rule: { kind: 'recipient_rule', target: { channel: 'billing', topic: 'any', event: 'invoice.paid' }, medium: 'email', enabled: false, set_at: new Date(0), set_via: 'unsubscribe_link' },
};
const entry: CascadeDecision = {
  because: 'catalog_entry',
  rule: { kind: 'catalog_entry', id: 7, label: 'Invoices', target: { channel: 'billing', topic: 'invoices', event: 'invoice.paid' }, medium: 'email', default_enabled: true, mandatory: false },
};
const email = (status: EmailOutcome['status'], reason: EmailReason | null = null): EmailOutcome => ({ ...emailNotRequested(), status, reason });

describe('what decided a medium', () => {
  it.each<[string, EmailOutcome, CascadeDecision | undefined, string | null, boolean]>([
    ['pending', email('pending'), entry, null, false],
    ['sent', email('sent'), entry, 'catalog_entry', true],
    ['skipped by a preference', email('skipped', 'preference_disabled'), rule, 'recipient_topic_any_rule', true],
    ['not cataloged', email('skipped', 'not_cataloged'), { because: 'medium_default' }, 'not_cataloged', false],
    ['no target', email('skipped', 'no_target'), undefined, 'no_target', false],
    ['no primary contact', email('skipped', 'no_primary_contact'), entry, 'no_primary_contact', false],
    ['address undeliverable', email('skipped', 'address_undeliverable'), entry, 'address_undeliverable', false],
    ['contact unconfirmed', email('skipped', 'contact_unconfirmed'), entry, 'contact_unconfirmed', false],
    ['quota', email('skipped', 'quota_exceeded'), entry, 'quota_exceeded', false],
    ['broadcast cap', email('skipped', 'broadcast_limit_exceeded'), entry, 'broadcast_limit_exceeded', false],
    ['provider error', email('failed', 'provider_error'), entry, 'provider_error', false],
    ['address rejected', email('failed', 'address_rejected'), entry, 'address_rejected', false],
    ['read in-app before an escalation was due', email('skipped', 'read_in_app'), entry, 'read_in_app', false],
    ['throttled', email('skipped', 'throttled'), entry, 'throttled', false],
    ['canceled before it fired', email('skipped', 'canceled'), undefined, 'canceled', false],
  ])('email %s', (_what, outcome, decision, because, withRule) => {
    const d = emailBecause(outcome, decision);
    expect(d.because).toBe(because);
    expect(d.rule).toBe(withRule ? decision!.rule : null);
  });

  it.each<[string, Parameters<typeof inAppBecause>[0], CascadeDecision | undefined, string | null, boolean]>([
    ['enqueued (pending)', 'enqueued', entry, null, false],
    ['delivered by the default', 'delivered', { because: 'medium_default' }, 'medium_default', false],
    ['delivered by an entry', 'delivered', entry, 'catalog_entry', true],
    ['suppressed by a rule', 'suppressed', rule, 'recipient_topic_any_rule', true],
    ['quota exceeded', 'quota_exceeded', entry, 'quota_exceeded', false],
    ['failed after retries', 'failed', undefined, 'provider_error', false],
    ['scheduled (pending)', 'scheduled', undefined, null, false],
    ['canceled', 'canceled', undefined, 'canceled', false],
    ['throttled past the entry throttle', 'throttled', entry, 'throttled', false],
  ])('in-app %s', (_what, status, decision, because, withRule) => {
    const d = inAppBecause(status, decision);
    expect(d.because).toBe(because);
    expect(d.rule).toBe(withRule ? decision!.rule : null);
  });
});
