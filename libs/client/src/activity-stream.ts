import type { components, paths } from './gen/api.js';
import type { Transport } from './http.js';
import { follow, type StreamHandlers, type SubscribeOptions, type Subscription } from './sse.js';

type Notification = components['schemas']['Notification'];

/** The filters of the activity stream (those of the activity an event can be matched on). */
export type ActivityStreamFilters = NonNullable<paths['/notifications/stream']['get']['parameters']['query']>;

export interface ActivityStreamHandlers extends StreamHandlers {
  /** An outcome of one of the project's sends (`type`: notification.delivered, email.failed…) and the notification after it (its payload null). */
  outcome: (type: string, notification: Notification) => void;
}

/** See HeraldClient.notifications.followActivity. */
export function followActivity(transport: Transport, filters: ActivityStreamFilters, handlers: ActivityStreamHandlers, options: SubscribeOptions = {}): Subscription {
  return follow(
    transport,
    { path: '/notifications/stream', query: filters },
    (ev) => {
      if (ev.event !== 'outcome') return;
      const body = JSON.parse(ev.data) as { type: string; notification: Notification };
      handlers.outcome(body.type, body.notification);
    },
    handlers,
    options,
  );
}
