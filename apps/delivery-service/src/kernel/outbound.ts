import { OUTBOUND_FIELD, OUTBOUND_MEDIUMS, type OutboundMedium } from '@herald/contracts';
import type { EmailReason } from './notification';

/**
 * The outbound mediums: email, SMS and web push are delivered the same way, by one
 * gating step, one job per message and one sender with retries and provider failover. What
 * differs per medium is named here; everything else is shared.
 */
export { OUTBOUND_MEDIUMS, type OutboundMedium };

/** The field of a notification (and of its document) holding the medium's outcome: `email`, `sms`, `push`. */
export const outcomeField = (medium: OutboundMedium) => OUTBOUND_FIELD[medium];
export type OutcomeField = (typeof OUTBOUND_FIELD)[OutboundMedium];

/** Prefix of the outcome events' ids (`e:<id>:sent`, `s:<id>:sent`, `p:<id>:sent`). */
export const EVENT_ID_PREFIX: Record<OutboundMedium, string> = { email: 'e', sms: 's', web_push: 'p', chat: 'ch', mobile_push: 'mp' };

/** The gate's reason when the recipient's contact is marked undeliverable. */
export const UNDELIVERABLE_REASON: Record<OutboundMedium, EmailReason> = {
  email: 'address_undeliverable',
  sms: 'address_undeliverable',
  web_push: 'subscription_expired',
  chat: 'address_undeliverable',
  mobile_push: 'address_undeliverable',
};

/** The reason of a message whose address the provider reported gone (a `DeliveryFailure` `expired`). */
export const expiredReason = (medium: OutboundMedium): EmailReason => (medium === 'mobile_push' ? 'device_gone' : 'subscription_expired');

/**
 * Mediums whose message is never sent twice, even when its worker died while sending it: the claim
 * of a dead worker, retaken after its lease, ends the message `failed` with `INTERRUPTED_ERROR`
 * instead of sending it again (a chat post is read by a whole channel and cannot be taken back).
 * The others are sent again then: at least once, never lost.
 */
export const SENT_AT_MOST_ONCE: ReadonlySet<OutboundMedium> = new Set<OutboundMedium>(['chat']);

/** The outcome's error of a message whose worker died while it may have been sending it (`SENT_AT_MOST_ONCE`). */
export const INTERRUPTED_ERROR = 'interrupted while sending: not sent again';

/** The medium of a notification's outcome field. */
export const mediumOfField = (field: OutcomeField): OutboundMedium => (field === 'push' ? 'web_push' : field);

/**
 * How one attempt to hand a message to a provider failed, as every sender reports it:
 *  - `transient`: worth another attempt (a timeout, 429, 5xx, the provider refusing our credentials);
 *    counts against the provider's circuit breaker, and the secondary provider is tried;
 *  - `rejected`: the provider refused this message for good (4xx); no retry, no failover;
 *  - `address_rejected`: the provider refused the recipient's address for good (SMTP 5xx at RCPT
 *    TO, an invalid phone number); the contact is marked undeliverable;
 *  - `expired`: the web push subscription is gone (404/410); the contact is marked expired;
 *  - `busy`: not attempted: the message's share of the sender is taken (web push: as many requests
 *    in flight to its host, or of its project, as allowed); tried again shortly, no attempt
 *    counted, no failure of the provider.
 * The message never carries a credential.
 */
export type FailureKind = 'transient' | 'rejected' | 'address_rejected' | 'expired' | 'busy';

export class DeliveryFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** When the provider asked to wait (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

export const isDeliveryFailure = (err: unknown): err is DeliveryFailure => err instanceof DeliveryFailure;

/** Transient unless a sender said otherwise: an unexpected error is worth a retry. */
export const failureKind = (err: unknown): FailureKind => (isDeliveryFailure(err) ? err.kind : 'transient');

/** What a provider answered when it took a message. */
export interface Accepted {
  /** The provider's id of the message (SMTP Message-ID, SMS sid, push Location); null when it gives none. */
  messageId: string | null;
  /** The configured provider that took it. */
  provider: string;
  /** What did not go as asked, on a message that went (mobile push: the devices that did not take it); kept as the outcome's `error`. */
  note?: string | null;
}
