import type { FeedTab, HeraldClient, Notification } from '../client.js';
import type { SubscribeHandlers, Subscription } from '../sse.js';
import { tabOf, type InboxFilter, type NotificationPatch } from './inbox-state.js';

export interface InboxPage {
  notifications: Notification[];
  next_cursor: string | null;
}

/** What an inbox store needs from the API for one recipient (a fake in tests, `inboxApiOf` in apps); `tab`: one tab's counts and changes (absent: the whole feed). */
export interface InboxApi {
  page(query: { limit: number; cursor?: string; filter: InboxFilter }): Promise<InboxPage>;
  counts(tab?: FeedTab): Promise<{ unread_count: number; unseen_count: number }>;
  update(id: number, patch: NotificationPatch): Promise<Notification>;
  /** One request changing several (absent: one request each); an id the recipient does not have has no notification. */
  updateMany?(ids: number[], patch: NotificationPatch): Promise<{ id: number; notification?: Notification | null }[]>;
  markAllRead(tab?: FeedTab): Promise<unknown>;
  markAllSeen(tab?: FeedTab): Promise<unknown>;
  subscribe(handlers: SubscribeHandlers): Subscription;
}

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 'true' : 'false');

/** The inbox API of one recipient through a client (with that recipient's token in a browser). */
export function inboxApiOf(client: HeraldClient, recipientId: string): InboxApi {
  const n = client.notifications;
  return {
    page: async ({ limit, cursor, filter }) =>
      (await n.page(recipientId, { limit, cursor, archived: flag(filter.archived), read: flag(filter.read), ...tabOf(filter) })).data,
    counts: async (tab) => (await n.counts(recipientId, tab)).data,
    update: async (id, patch) => (await n.update(recipientId, id, patch)).data,
    updateMany: async (ids, patch) => (await n.updateMany(recipientId, { ids, ...patch })).data.results,
    markAllRead: (tab) => n.markAllRead(recipientId, tab),
    markAllSeen: (tab) => n.markAllSeen(recipientId, tab),
    subscribe: (handlers) => client.subscribe(recipientId, handlers),
  };
}
