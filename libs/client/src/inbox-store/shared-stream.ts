import type { SubscribeHandlers, Subscription } from '../sse.js';
import type { InboxApi } from './inbox-api.js';

/**
 * The same inbox API with one live stream for all its subscribers: the stores of one UI (the hooks
 * of a React provider, the tabs of the element) share one connection (the gateway limits streams
 * per recipient). Opened with the first subscriber, closed with the last.
 */
export function withSharedStream(api: InboxApi): InboxApi {
  const subscribers = new Set<SubscribeHandlers>();
  let stream: Subscription | null = null;
  const fanOut = <K extends keyof SubscribeHandlers>(key: K) =>
    ((...args: unknown[]) => {
      for (const s of subscribers) (s[key] as ((...a: unknown[]) => void) | undefined)?.(...args);
    }) as NonNullable<SubscribeHandlers[K]>;
  return {
    ...api,
    subscribe(handlers) {
      subscribers.add(handlers);
      stream ??= api.subscribe({ notification: fanOut('notification'), updated: fanOut('updated'), unreadCount: fanOut('unreadCount'), reset: fanOut('reset'), state: fanOut('state'), error: fanOut('error') });
      const current = stream;
      return {
        close() {
          subscribers.delete(handlers);
          if (subscribers.size === 0 && stream === current) {
            current.close();
            stream = null;
          }
        },
        get lastEventId() {
          return current.lastEventId;
        },
        get state() {
          return current.state;
        },
      };
    },
  };
}
