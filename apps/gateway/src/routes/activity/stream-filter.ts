import type { Notification } from '@herald/contracts';
import { OUTBOUND_MEDIUMS, type OutboundMedium } from '@herald/contracts';
import { invalid } from '@herald/service-kit';

/** The activity filters a stream event can be matched on (the notification it carries says them). */
export const STREAM_FILTERS = ['recipient_id', 'channel', 'topic', 'event', 'medium', 'outcome', 'broadcast_id'] as const;

export interface ActivityStreamFilter {
  recipientId?: string;
  channel?: string;
  topic?: string;
  event?: string;
  medium?: OutboundMedium;
  outcome?: string;
  broadcastId?: bigint;
}

/** The field of the stored notification that holds each outbound medium's outcome. */
const OUTCOME_OF = {
  email: (n) => n.email,
  sms: (n) => n.sms,
  web_push: (n) => n.push,
  chat: (n) => n.chat,
  mobile_push: (n) => n.mobilePush,
} as const satisfies Record<OutboundMedium, (n: Notification) => Notification['email']>;

/** The notification outcomes the activity shows (the feed's flags, actions and snoozes are the recipient's, not a send's). */
const NOTIFICATION_OUTCOMES = new Set([
  'notification.delivered',
  'notification.suppressed',
  'notification.quota_exceeded',
  'notification.failed',
  'notification.throttled',
  'notification.canceled',
  'notification.push_sent',
  'notification.push_failed',
]);
const MEDIUM_PREFIXES = ['email.', 'sms.', 'push.', 'chat.'];

/** An outcome of a send: the notification's, or one outbound medium's. */
export const isActivityOutcome = (type: string) => NOTIFICATION_OUTCOMES.has(type) || MEDIUM_PREFIXES.some((p) => type.startsWith(p));

const refuse = (name: string, message: string, value: unknown) => invalid(message, [{ message, description: message, property_path: name, invalid_value: value }]);

/**
 * The stream's filters from its query. A filter the activity page takes but an event cannot be
 * matched on (status: it changes after the event; since, until, cursor, limit: a stream has no page)
 * is refused, so is one named twice; medium and outcome go together.
 */
export function parseStreamFilter(query: URLSearchParams): ActivityStreamFilter {
  const known = new Set<string>(STREAM_FILTERS);
  for (const name of new Set(query.keys())) {
    if (!known.has(name)) throw refuse(name, `${name} is not a filter of the activity stream; it takes ${STREAM_FILTERS.join(', ')}`, query.get(name));
    if (query.getAll(name).length > 1) throw refuse(name, `${name} is given more than once`, query.getAll(name));
    const value = query.get(name)!;
    if (value.length === 0 || value.length > 256) throw refuse(name, `${name} must be 1 to 256 characters`, value);
  }
  const get = (name: (typeof STREAM_FILTERS)[number]) => query.get(name) ?? undefined;
  const medium = get('medium');
  const outcome = get('outcome');
  if ((medium === undefined) !== (outcome === undefined)) {
    const [missing, given] = medium === undefined ? ['medium', 'outcome'] : ['outcome', 'medium'];
    throw refuse(missing, `${missing} must be given with ${given}`, medium ?? outcome);
  }
  if (medium !== undefined && !(OUTBOUND_MEDIUMS as readonly string[]).includes(medium)) throw refuse('medium', `medium must be one of ${OUTBOUND_MEDIUMS.join(', ')}`, medium);
  const broadcast = get('broadcast_id');
  if (broadcast !== undefined && !/^[1-9][0-9]{0,15}$/.test(broadcast)) throw refuse('broadcast_id', 'broadcast_id must be a broadcast id (a positive integer)', broadcast);
  return {
    recipientId: get('recipient_id'),
    channel: get('channel'),
    topic: get('topic'),
    event: get('event'),
    medium: medium as OutboundMedium | undefined,
    outcome,
    broadcastId: broadcast === undefined ? undefined : BigInt(broadcast),
  };
}

/** Whether a notification, as an outcome event carries it, passes every filter given. */
export function matchesStreamFilter(f: ActivityStreamFilter, n: Notification): boolean {
  const same = (want: string | undefined, have: string | undefined) => want === undefined || want === have;
  return (
    same(f.recipientId, n.recipientId) &&
    same(f.channel, n.target?.channel) &&
    same(f.topic, n.target?.topic) &&
    same(f.event, n.target?.event) &&
    (f.broadcastId === undefined || f.broadcastId === n.broadcastId) &&
    (f.medium === undefined || OUTCOME_OF[f.medium](n)?.status === f.outcome)
  );
}
