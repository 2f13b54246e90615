import type { Json } from './api';

/** A notification's decision in words: which rule or gate decided each medium (the CLI's `explain` says the same at length). */

const MEDIUM_NAME: Record<string, string> = { in_app: 'In-app', email: 'Email', sms: 'SMS', web_push: 'Web push' };
export const mediumName = (m: string) => MEDIUM_NAME[m] ?? m;

const GATES: Record<string, string> = {
  not_cataloged: 'no catalog entry covers this target for the medium',
  no_target: 'the send had no target',
  no_primary_contact: 'the recipient has no primary address for it',
  address_undeliverable: 'the recipient’s address is marked undeliverable',
  contact_unconfirmed: 'the recipient has not confirmed the address yet',
  sms_country_not_allowed: 'the number is in a country the project does not text',
  quota_exceeded: 'the project’s monthly quota was used up',
  broadcast_limit_exceeded: 'the broadcast had more recipients than the project allows for it',
  provider_error: 'the provider did not take it',
  address_rejected: 'the provider refused the address permanently',
  subscription_expired: 'the push subscription is gone',
  canceled: 'the scheduled send was canceled',
  throttled: 'the catalog entry’s throttle was reached',
  read_in_app: 'the in-app notification was read before the email was due',
};

const day = (t: string | null | undefined) => (t ? new Date(t).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : null);
const targetText = (t: Json) => (t ? `${t.channel}/${t.topic}/${t.event}` : 'this target');

function ruleWords(because: string, rule: Json): string {
  switch (because) {
    case 'recipient_rule':
    case 'recipient_topic_any_rule': {
      if (!rule) return 'a rule of the recipient decided';
      const when = day(rule.set_at);
      return `the recipient turned ${rule.enabled ? 'on' : 'off'} ${rule.medium} for ${targetText(rule.target)}${when ? ` on ${when}` : ''}`;
    }
    case 'catalog_entry':
    case 'catalog_topic_any_entry':
      return rule ? `the catalog entry “${rule.label}” (#${rule.id}) has ${rule.medium} ${rule.default_enabled ? 'on' : 'off'} by default for ${targetText(rule.target)}, and the recipient has no rule of their own` : 'a catalog entry decided';
    case 'mandatory_entry':
      return rule ? `the catalog entry “${rule.label}” (#${rule.id}) makes ${rule.medium} mandatory for ${targetText(rule.target)}` : 'a mandatory catalog entry decided';
    case 'medium_default':
      return 'neither the catalog nor the recipient’s rules cover it: the medium’s default applied';
    default:
      return GATES[because] ?? because;
  }
}

/** One sentence per medium of a decision: "Email: skipped — the recipient turned off email for billing/any/invoice on 12 Nov 2026." */
export function decisionSentences(decision: Json): { medium: string; sentence: string }[] {
  if (!decision) return [];
  return Object.entries(decision as Record<string, Json>)
    .filter(([, d]) => d)
    .map(([medium, d]) => ({ medium, sentence: `${d.result}${d.because ? ` — ${ruleWords(d.because, d.rule)}` : ''}` }));
}
