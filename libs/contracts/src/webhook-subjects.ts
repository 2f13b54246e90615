/**
 * Outcome events (COORD "OUTCOME EVENTS"): the delivery service publishes one OutcomeEvent per
 * state change on `herald.outcomes.<projectId>.<rkey>.<type>` (msgID = the event's id).
 */
export const OUTCOMES_STREAM = 'HERALD_OUTCOMES';
export const OUTCOMES_SUBJECT_PREFIX = 'herald.outcomes';
/** Durable consumer of the webhook dispatcher on OUTCOMES_STREAM (every outcome subject). */
export const WEBHOOK_DISPATCH_CONSUMER = 'webhook-dispatch';

/** The event types a webhook endpoint can subscribe to (`webhook.test` is sent only on request). */
export const WEBHOOK_EVENT_TYPES = [
  'notification.delivered',
  'notification.suppressed',
  'notification.quota_exceeded',
  'notification.failed',
  'notification.read',
  'notification.opened',
  'email.sent',
  'email.failed',
  'email.skipped',
  'broadcast.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** At most this many endpoints per project. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;
/** Longest endpoint URL. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
