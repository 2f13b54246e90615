import type { CascadeDecision } from './decision';
import type { EmailOutcome, NotificationStatus } from './notification';

/** What a reader sees as the reason (`because`) of each medium's outcome: see decision.ts. */

/** What decided the in-app medium, as shown: null while pending. */
export function inAppBecause(status: NotificationStatus, d: CascadeDecision | undefined): { because: string | null; rule: CascadeDecision['rule'] | null } {
  if (status === 'enqueued' || status === 'scheduled' || status === 'not_requested') return { because: null, rule: null };
  if (status === 'canceled' || status === 'throttled') return { because: status, rule: null };
  if (status === 'quota_exceeded') return { because: 'quota_exceeded', rule: null };
  if (status === 'failed') return { because: 'provider_error', rule: null };
  return { because: d?.because ?? null, rule: d?.rule ?? null };
}

/**
 * What decided an outbound medium (email, SMS, web push), as shown: the gate that stopped it (its
 * reason), else the cascade step that let it through (sent) or turned it off (skipped
 * `preference_disabled`); null while pending.
 */
export function emailBecause(email: EmailOutcome, d: CascadeDecision | undefined): { because: string | null; rule: CascadeDecision['rule'] | null } {
  if (email.status === 'pending' || email.status === 'not_requested') return { because: null, rule: null };
  // A failed send after the gates (provider_error, address_rejected, subscription_expired) names its reason.
  if (email.reason && email.reason !== 'preference_disabled') return { because: email.reason, rule: null };
  return { because: d?.because ?? null, rule: d?.rule ?? null };
}

export const outboundBecause = emailBecause;
