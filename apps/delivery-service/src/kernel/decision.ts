import type { EmailOutcome, NotificationStatus, Target } from './notification';

/**
 * "Explain every outcome" (issue 19): which rule decided each medium of a notification. The
 * preference service's cascade says which step decided and the rule or catalog entry it was; the
 * delivery service stores that with the notification, in the same write as its outcome, and never
 * recomputes it. What a reader sees (`because`) is the cascade step, or the gate after the cascade
 * that stopped the medium (its `reason`), or nothing while the medium is pending.
 */

/** The cascade's deciding step (preference service, domain/cascade.ts). */
export type CascadeStep = 'recipient_rule' | 'recipient_topic_any_rule' | 'catalog_entry' | 'catalog_topic_any_entry' | 'medium_default' | 'mandatory_entry';

/** A recipient's own rule as it decided. */
export interface DecidingRecipientRule {
  kind: 'recipient_rule';
  target: Target;
  medium: string;
  enabled: boolean;
  set_at: Date | null;
  set_via: string | null;
}

/** A catalog entry as it decided. */
export interface DecidingCatalogEntry {
  kind: 'catalog_entry';
  id: number;
  label: string;
  target: Target;
  medium: string;
  default_enabled: boolean;
  mandatory: boolean;
}

/** One medium's cascade decision, as stored on the notification. */
export interface CascadeDecision {
  because: CascadeStep;
  rule?: DecidingRecipientRule | DecidingCatalogEntry;
}

/** Per medium the send asked for; absent on notifications written before decisions were recorded. */
export interface StoredDecision {
  in_app?: CascadeDecision;
  email?: CascadeDecision;
  sms?: CascadeDecision;
  web_push?: CascadeDecision;
}

/** In-app with no target: no preference applies, the medium's default delivers. */
export const MEDIUM_DEFAULT: CascadeDecision = { because: 'medium_default' };

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
