import type { Target } from './target';

/**
 * "Explain every outcome": which rule decided each medium of a notification. The
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
  chat?: CascadeDecision;
  mobile_push?: CascadeDecision;
}

/** In-app with no target: no preference applies, the medium's default delivers. */
export const MEDIUM_DEFAULT: CascadeDecision = { because: 'medium_default' };
