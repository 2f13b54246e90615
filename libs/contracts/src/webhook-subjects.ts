import { OUTCOME_TYPES } from './delivery-subjects.js';

/** Durable consumer of the webhook dispatcher (delivery service) on OUTCOMES_STREAM, every outcome subject. */
export const WEBHOOK_DISPATCH_CONSUMER = 'webhook-dispatch';

/** Durable consumer of the webhook dispatcher (delivery service) on EVENTS_STREAM, the list subscription subjects. */
export const WEBHOOK_LIST_EVENTS_CONSUMER = 'webhook-list-events';

/** The webhook event types of a list's subscription changes (the recipient service's events). */
export const LIST_WEBHOOK_EVENT_TYPES = ['list.subscribed', 'list.unsubscribed'] as const;

/** The event types a webhook endpoint can subscribe to: the public outcome types and the list events (`webhook.test` is sent only on request). */
export const WEBHOOK_EVENT_TYPES = [...OUTCOME_TYPES, ...LIST_WEBHOOK_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** At most this many endpoints per project. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;
/** Longest endpoint URL. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Core NATS subject (payload: the project id, decimal text) the delivery service's replicas publish
 * when a project's webhook endpoints change (created, updated, deleted, disabled): every replica
 * forgets whether that project has endpoints (the fan-out's cache).
 */
export const WEBHOOKS_CHANGED_SUBJECT = 'herald.webhooks.changed';
