import type { HeraldClient, Notification } from '../client.js';
import type { SubscribeHandlers, Subscription } from '../sse.js';
import type { InboxFilter, NotificationPatch } from './inbox-state.js';

export interface InboxPage {
  notifications: Notification[];
  next_cursor: string | null;
}

/** What an inbox store needs from the API for one recipient (a fake in tests, `inboxApiOf` in apps). */
export interface InboxApi {
  page(query: { limit: number; cursor?: string; filter: InboxFilter }): Promise<InboxPage>;
  counts(): Promise<{ unread_count: number; unseen_count: number }>;
  update(id: number, patch: NotificationPatch): Promise<Notification>;
  markAllRead(): Promise<unknown>;
  markAllSeen(): Promise<unknown>;
  subscribe(handlers: SubscribeHandlers): Subscription;
}

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 'true' : 'false');

/** The inbox API of one recipient through a client (with that recipient's token in a browser). */
export function inboxApiOf(client: HeraldClient, recipientId: string): InboxApi {
  const n = client.notifications;
  return {
    page: async ({ limit, cursor, filter }) =>
      (await n.page(recipientId, { limit, cursor, archived: flag(filter.archived), read: flag(filter.read) })).data,
    counts: async () => (await n.counts(recipientId)).data,
    update: async (id, patch) => (await n.update(recipientId, id, patch)).data,
    markAllRead: () => n.markAllRead(recipientId),
    markAllSeen: () => n.markAllSeen(recipientId),
    subscribe: (handlers) => client.subscribe(recipientId, handlers),
  };
}
