/**
 * JetStream names shared by publishers and consumers. Streams and consumers are
 * created idempotently by the service that owns them (see each service's `streams.ts`).
 */
export const EVENTS_STREAM = 'HERALD_EVENTS';
/** Every domain event subject starts with this prefix; the events stream captures them all. */
export const EVENTS_SUBJECT_PREFIX = 'herald.events';
export const RECIPIENT_DELETED_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.recipient.deleted`;
/** A recipient's profile or contacts changed (RecipientChanged); caches listen with core subscriptions. */
export const RECIPIENT_CHANGED_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.recipient.changed`;
/** A list's subscriptions changed (ListSubscriptionsChanged): recipients added, or removed. */
export const LIST_SUBSCRIBED_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.list.subscribed`;
export const LIST_UNSUBSCRIBED_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.list.unsubscribed`;

/**
 * Core NATS subjects on which the preference service announces changes to whoever caches what
 * depends on them (its own replicas, the gateways' check answers): a project's catalog changed
 * (payload: the project id), a recipient's rules changed (payload: `<project id>:<recipient id>`).
 */
export const PREFERENCE_CATALOG_CHANGED_SUBJECT = 'herald.preference.catalog_changed';
export const PREFERENCE_RULES_CHANGED_SUBJECT = 'herald.preference.rules_changed';

/** Core NATS subjects of the gateway's replicas among themselves (key revocations, heartbeats). */
export const GATEWAY_SUBJECT_PREFIX = 'herald.gateway';
/** Core NATS (not JetStream) subject on which gateways tell each other a key was revoked. */
export const KEY_REVOKED_SUBJECT = `${GATEWAY_SUBJECT_PREFIX}.key_revoked`;
/** Core NATS subjects of the preference service's replicas among themselves (catalog changes). */
export const PREFERENCE_SUBJECT_PREFIX = 'herald.preference';
/** Durable consumer of the preference service on EVENTS_STREAM, filtered to RECIPIENT_DELETED_SUBJECT (its RECIPIENT_DELETED_DURABLE default). */
export const PREFERENCE_RECIPIENT_DELETED_CONSUMER = 'preference-service-recipient-deleted';
