import { timestampDate } from '@bufbuild/protobuf/wkt';
import { broadcastView, formatTimestamp, notificationView, WEBHOOK_EVENT_TYPES, type OutcomeEvent } from '@herald/contracts';

const PUBLIC_TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** True for the outcome types webhooks carry (internal ones, such as the live stream's, are not). */
export const isWebhookEventType = (type: string): boolean => PUBLIC_TYPES.has(type);

/**
 * A webhook body: `{"type", "timestamp", "data"}`, `data` being exactly what the REST API returns
 * for the notification (as a Full key reads it) or the broadcast; for a list subscription change
 * `{list, recipient_ids}` (the recipients the change added or removed); a `device.removed` body also
 * carries `device` `{id, platform}` beside `data`. null when the event carries
 * nothing to show (it is skipped). `now` stands for an event without a timestamp.
 */
export function eventBody(ev: OutcomeEvent, now: Date): string | null {
  const timestamp = formatTimestamp(ev.timestamp ? timestampDate(ev.timestamp) : now);
  if (ev.type.startsWith('list.')) {
    const change = ev.listSubscriptions;
    return change ? JSON.stringify({ type: ev.type, timestamp, data: { list: change.list, recipient_ids: change.recipientIds } }) : null;
  }
  if (ev.type.startsWith('broadcast.')) {
    return ev.broadcast ? JSON.stringify({ type: ev.type, timestamp, data: broadcastView(ev.broadcast) }) : null;
  }
  if (!ev.notification) return null;
  const data = notificationView(ev.notification, 'full');
  const device = ev.removedDevice;
  // device.removed: beside the notification whose push found it gone, which device went.
  return JSON.stringify(device ? { type: ev.type, timestamp, data, device: { id: Number(device.id), platform: device.platform } } : { type: ev.type, timestamp, data });
}

/** The body of a `webhook.test` event. */
export const testEventBody = (webhookId: number, at: Date): string =>
  JSON.stringify({ type: 'webhook.test', timestamp: formatTimestamp(at), data: { webhook_id: webhookId, message: 'This is a test event from Herald.' } });
