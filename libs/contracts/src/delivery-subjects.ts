/**
 * JetStream names of the delivery pipeline. The delivery service creates the stream and its
 * durable consumers idempotently at start (apps/delivery-service/src/platform/streams.ts).
 * Work-queue retention: a job leaves the stream once acknowledged. One consumer per subject
 * (nats-server 2.9: one `filter_subject` per consumer).
 */
export const DELIVERY_STREAM = 'HERALD_DELIVERY';
export const DELIVERY_SUBJECT_PREFIX = 'herald.delivery';
/**
 * SendJob: one accepted direct send, on `herald.delivery.send.<notification id>` (one subject per
 * send, so a read of a notification not yet written finds its send by direct get).
 */
export const DELIVERY_SEND_SUBJECT_PREFIX = `${DELIVERY_SUBJECT_PREFIX}.send`;
export const deliverySendSubject = (notificationId: number | bigint): string => `${DELIVERY_SEND_SUBJECT_PREFIX}.${notificationId}`;
/** BroadcastJob: fan a broadcast out into chunks. */
export const DELIVERY_BROADCAST_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.broadcast`;
/** BroadcastChunkJob: create and gate one page of a broadcast's notifications. */
export const DELIVERY_CHUNK_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.chunk`;
/** OutboundJob: send one notification's email. */
export const DELIVERY_EMAIL_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.email`;
/** OutboundJob: send one notification's SMS. */
export const DELIVERY_SMS_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.sms`;
/** OutboundJob: send one notification's web push. */
export const DELIVERY_PUSH_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.push`;
/** OutboundJob: send one notification's chat message. */
export const DELIVERY_CHAT_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.chat`;
/** OutboundJob: send one notification's pushes to the recipient's devices (FCM, APNs). */
export const DELIVERY_MOBILE_PUSH_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.mobile_push`;
/** DigestJob: close one email digest. */
export const DELIVERY_DIGEST_SUBJECT = `${DELIVERY_SUBJECT_PREFIX}.digest`;

/** Decides and writes batches of direct sends (SendJob). */
export const DELIVERY_SEND_CONSUMER = 'delivery-sends';
export const DELIVERY_BROADCAST_CONSUMER = 'delivery-broadcasts';
export const DELIVERY_CHUNK_CONSUMER = 'delivery-chunks';
export const DELIVERY_EMAIL_CONSUMER = 'delivery-emails';
export const DELIVERY_SMS_CONSUMER = 'delivery-sms';
export const DELIVERY_PUSH_CONSUMER = 'delivery-push';
export const DELIVERY_CHAT_CONSUMER = 'delivery-chat';
export const DELIVERY_MOBILE_PUSH_CONSUMER = 'delivery-mobile-push';
export const DELIVERY_DIGEST_CONSUMER = 'delivery-digests';
/** Durable consumer of the delivery service on EVENTS_STREAM, filtered to RECIPIENT_DELETED_SUBJECT. */
export const DELIVERY_RECIPIENT_DELETED_CONSUMER = 'delivery-recipient-deleted';
/** The delivery service's counters of sends per minute, hour and day, on HERALD_OUTCOMES (GET /stats). */
export const DELIVERY_STATS_CONSUMER = 'delivery-stats';

/**
 * Outcome events (herald.delivery.v1.OutcomeEvent), published by the delivery service after each
 * outcome write; read by the gateway's live stream and the webhook dispatcher. Limits retention
 * (every reader keeps its own position), file storage, kept OUTCOMES_MAX_AGE_MS by default
 * (config OUTCOMES_MAX_AGE_MS), msgID de-duplication over OUTCOMES_DUPLICATE_WINDOW_MS.
 */
export const OUTCOMES_STREAM = 'HERALD_OUTCOMES';
export const OUTCOMES_SUBJECT_PREFIX = 'herald.outcomes';
export const OUTCOMES_MAX_AGE_MS = 72 * 3600_000;
export const OUTCOMES_DUPLICATE_WINDOW_MS = 10 * 60_000;
/** Recipient key of project-level events (broadcast.completed). */
export const OUTCOMES_PROJECT_KEY = '_';

/** The public outcome types (webhooks); internal ones (the live stream's) are listed in OUTCOME_INTERNAL_TYPES. */
export const OUTCOME_TYPES = [
  'notification.delivered',
  'notification.suppressed',
  'notification.quota_exceeded',
  'notification.failed',
  'notification.throttled',
  'notification.canceled',
  'notification.read',
  'notification.opened',
  /** The recipient chose one of the notification's `payload.actions` (its id: `notification.action_taken`). */
  'notification.action',
  /** The recipient snoozed it (`notification.snoozed_until`): out of the feed and the counts until then. */
  'notification.snoozed',
  /** A snooze ended: due (back in the feed as new: unread, unseen) or ended early by the recipient. */
  'notification.unsnoozed',
  /** The recipient saw it in a list (`notification.seen`): it leaves the unseen count. */
  'notification.seen',
  /** The recipient archived it: out of the feed (kept, listed with `?archived=true`). */
  'notification.archived',
  /** The recipient took it out of the archive: back in the feed. */
  'notification.unarchived',
  'email.sent',
  'email.failed',
  'email.skipped',
  'sms.sent',
  'sms.failed',
  'sms.skipped',
  /** The provider's status callback: the carrier delivered the SMS (after `sms.sent`). */
  'sms.delivered',
  /** The provider's status callback: the carrier could not deliver the SMS (after `sms.sent`). */
  'sms.undelivered',
  'push.sent',
  'push.failed',
  'push.skipped',
  'chat.sent',
  'chat.failed',
  'chat.skipped',
  /** At least one of the recipient's devices took the mobile push (FCM, APNs). */
  'notification.push_sent',
  /** No device took the mobile push (each gone, refused, or failed after its retries). */
  'notification.push_failed',
  /** A device the provider reported gone (FCM UNREGISTERED, APNs 410) was removed while sending. */
  'device.removed',
  'broadcast.completed',
  'broadcast.canceled',
] as const;
/** Internal types: a read, opened or seen flag set back to false (the live stream shows them as notification.updated). */
export const OUTCOME_INTERNAL_TYPES = ['notification.unread', 'notification.unopened', 'notification.unseen'] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number] | (typeof OUTCOME_INTERNAL_TYPES)[number];

/** base64url of a recipient id, without padding: one subject token whatever the id holds. */
export function outcomeRecipientKey(recipientId: string): string {
  return Buffer.from(recipientId, 'utf8').toString('base64url');
}

/** `herald.outcomes.<projectId>.<rkey>.<type>`; a null recipient is the project-level key `_`. */
export function outcomeSubject(projectId: number | bigint, recipientId: string | null, type: OutcomeType): string {
  return `${OUTCOMES_SUBJECT_PREFIX}.${projectId}.${recipientId === null ? OUTCOMES_PROJECT_KEY : outcomeRecipientKey(recipientId)}.${type}`;
}

/** Every outcome of one recipient (a filter subject). */
export function outcomeRecipientFilter(projectId: number | bigint, recipientId: string): string {
  return `${OUTCOMES_SUBJECT_PREFIX}.${projectId}.${outcomeRecipientKey(recipientId)}.>`;
}
