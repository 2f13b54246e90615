/**
 * JetStream names shared by publishers and consumers. Streams and consumers are
 * created idempotently by the service that owns them (see each service's `streams.ts`).
 */
export const EVENTS_STREAM = 'HERALD_EVENTS';
/** Every domain event subject starts with this prefix; the events stream captures them all. */
export const EVENTS_SUBJECT_PREFIX = 'herald.events';
export const RECIPIENT_DELETED_SUBJECT = `${EVENTS_SUBJECT_PREFIX}.recipient.deleted`;

/** Core NATS subjects of the gateway's replicas among themselves (key revocations, heartbeats). */
export const GATEWAY_SUBJECT_PREFIX = 'herald.gateway';
/** Core NATS (not JetStream) subject on which gateways tell each other a key was revoked. */
export const KEY_REVOKED_SUBJECT = `${GATEWAY_SUBJECT_PREFIX}.key_revoked`;
/** Core NATS subjects of the preference service's replicas among themselves (catalog changes). */
export const PREFERENCE_SUBJECT_PREFIX = 'herald.preference';
/** Durable consumer of the preference service on EVENTS_STREAM, filtered to RECIPIENT_DELETED_SUBJECT (its RECIPIENT_DELETED_DURABLE default). */
export const PREFERENCE_RECIPIENT_DELETED_CONSUMER = 'preference-service-recipient-deleted';
