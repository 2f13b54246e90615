/**
 * JetStream names of the delivery pipeline. The delivery service creates the stream and its
 * durable consumers idempotently at start (apps/delivery-service/src/messaging/streams.ts).
 * Work-queue retention: a job leaves the stream once acknowledged. One consumer per subject
 * (nats-server 2.9: one `filter_subject` per consumer).
 */
export const DELIVERY_STREAM = 'HERALD_DELIVERY';
export const DELIVERY_SUBJECT_PREFIX = 'herald.delivery';
/** NotificationJob: gate and deliver one direct notification. */
export const DELIVERY_NOTIFICATION_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.notification`;
/** BroadcastJob: fan a broadcast out into chunks. */
export const DELIVERY_BROADCAST_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.broadcast`;
/** BroadcastChunkJob: create and gate one page of a broadcast's notifications. */
export const DELIVERY_CHUNK_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.chunk`;
/** EmailJob: send one notification's email. */
export const DELIVERY_EMAIL_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.email`;

export const DELIVERY_NOTIFICATION_CONSUMER = 'delivery-notifications';
export const DELIVERY_BROADCAST_CONSUMER = 'delivery-broadcasts';
export const DELIVERY_CHUNK_CONSUMER = 'delivery-chunks';
export const DELIVERY_EMAIL_CONSUMER = 'delivery-emails';
/** Durable consumer of the delivery service on EVENTS_STREAM, filtered to RECIPIENT_DELETED_SUBJECT. */
export const DELIVERY_RECIPIENT_DELETED_CONSUMER = 'delivery-recipient-deleted';
