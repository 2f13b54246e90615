import { Type, type TSchema } from '@sinclair/typebox';
import { NotificationSchema } from '../notifications/schemas';

/**
 * The live stream's events as the OpenAPI document states them: one schema per SSE event, the
 * event's name (`event:`), its position (`id:`) and its `data:` line (JSON). Published as the
 * `text/event-stream` response's schema: each item of the stream is one of these.
 */
const EventId = Type.String({
  pattern: '^[0-9]+$',
  description: "The event's position in the recipient's stream (grows); send the last one received as Last-Event-ID to resume",
});
const UnreadCount = Type.Integer({ minimum: 0, description: "The recipient's unread count, after this event" });
const UnseenCount = Type.Integer({ minimum: 0, description: "The recipient's unseen count (delivered, not archived, not seen), after this event" });
/** The counts every event carries. */
const counts = { unread_count: UnreadCount, unseen_count: UnseenCount };

const event = <D extends TSchema>(name: string, title: string, description: string, data: D) =>
  Type.Object({ event: Type.Literal(name), id: EventId, data }, { title, description });

export const StreamNotificationEvent = event(
  'notification',
  'StreamNotificationEvent',
  'A notification newly in the feed: delivered, or back from a snooze (the feed object, as GET /recipients/{recipient_id}/notifications shows it)',
  Type.Object({ notification: NotificationSchema, ...counts }),
);
export const StreamNotificationUpdatedEvent = event(
  'notification.updated',
  'StreamNotificationUpdatedEvent',
  'A notification of the feed whose read, opened or seen flag changed, that was archived or unarchived (single, bulk and mark-all changes included: one event each), ' +
    'whose action was taken, or that was snoozed (it leaves the feed until `snoozed_until`): its current object',
  Type.Object({ notification: NotificationSchema, ...counts }),
);
export const StreamUnreadCountEvent = event(
  'unread_count',
  'StreamUnreadCountEvent',
  'The unread and unseen counts: first on connect (when nothing is replayed), then after every change',
  Type.Object(counts),
);
export const StreamResetEvent = event(
  'reset',
  'StreamResetEvent',
  'What the client missed is beyond the replay window (Last-Event-ID too old, or too many or too large events): refetch the feed',
  Type.Object({ reason: Type.Literal('replay_window_exceeded'), ...counts }),
);

export const StreamEventSchemas = Type.Union([StreamNotificationEvent, StreamNotificationUpdatedEvent, StreamUnreadCountEvent, StreamResetEvent], {
  title: 'StreamEvent',
  description: 'One event of the live stream, framed as Server-Sent Events: `event: <event>`, `id: <id>`, `data: <data as one line of JSON>`',
});

export const STREAM_DESCRIPTION =
  'A `text/event-stream` of `StreamEvent`s: `notification` (newly delivered, or back from a snooze), `notification.updated` (read/opened/seen changed, archived or unarchived, mark-all included, an action taken, snoozed), ' +
  '`unread_count` (the unread and unseen counts, which every event also carries: on connect and after every change), `reset` (refetch the feed). Every event has an `id` (grows per recipient); ' +
  'reconnecting with `Last-Event-ID` replays what was missed (a bounded window of events and bytes, else `reset`). ' +
  'The stream starts with a `retry:` line; a comment line (heartbeat, every 15 s by default) keeps the connection open. ' +
  'The stream ends when its credential does (the recipient token expires, the key that opened it or minted its token is revoked, the recipient is erased) ' +
  'and after at most an hour (configurable): reconnect with Last-Event-ID. ' +
  'Browsers pass a recipient token as `?token=` (EventSource cannot set headers); an API key there is refused (401). ' +
  '429 `too_many_streams` beyond the per-recipient or per-project limit, 503 `unavailable` when the replica holds as many streams as it can (both with Retry-After).';
