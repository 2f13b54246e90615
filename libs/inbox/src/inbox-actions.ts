import type { HeraldClient, Notification } from '@herald/client';
import type { ChannelMessage } from './inbox-channel';
import type { FeedView, InboxFeed, Placement } from './inbox-feed';
import { snoozeUntil, type SnoozeChoice } from './snooze';
import type { FeedFilter } from './tabs';
import { contentOf, type ItemAction } from './view-model';

/** What the item and bulk actions need of the element. */
export interface InboxHost {
  readonly client: HeraldClient;
  readonly recipientId: string;
  readonly feed: InboxFeed;
  readonly view: FeedView;
  /** The shown tab's filter (none without tabs). */
  readonly filter: FeedFilter;
  /** Runs a request with a fresh token on 401; a failure goes to `fail` (default: the feed's error state). */
  run<T>(request: () => Promise<T>, fail?: (err: unknown) => void): Promise<T | undefined>;
  place(n: Notification, how: Placement): void;
  broadcast(msg: ChannelMessage): void;
  setUnread(count: number, broadcast: boolean): void;
  /** Reads both counts back after a change the live stream may or may not have told already. */
  readCounts(): Promise<void>;
  render(): void;
  dispatchEvent(event: Event): boolean;
}

/** Shows a notification as the server now has it, here and in the other tabs. */
export function changed(host: InboxHost, notification: Notification): void {
  host.place(notification, 'changed');
  host.broadcast({ type: 'updated', notification });
}

/** Marks read and opened, tells the other tabs, then follows the payload's url if any. */
export async function openItem(host: InboxHost, n: Notification): Promise<void> {
  if (!n.read || !n.opened) {
    const res = await host.run(() => host.client.notifications.update(host.recipientId, n.id, { read: true, opened: true }));
    if (res) {
      changed(host, res.data);
      // The count is read back, not decremented here: the live stream may have told it already.
      if (!n.read) {
        const count = await host.run(() => host.client.notifications.unreadCount(host.recipientId));
        if (count) host.setUnread(count.data.unread_count, true);
      }
    }
  }
  const url = contentOf(n).url;
  if (url && host.dispatchEvent(new CustomEvent('herald-open', { detail: n, cancelable: true }))) location.assign(url);
}

/** Archives the item (unarchives it in the archived view): out of this view here and in the other tabs. */
export async function archiveItem(host: InboxHost, n: Notification): Promise<void> {
  const res = await host.run(() => host.client.notifications.archive(host.recipientId, n.id, !n.archived));
  if (!res) return;
  changed(host, res.data);
  if (!n.read) await host.readCounts();
}

/** An action with a url opens it; one without is recorded (`takeAction`) and shown as taken. */
export async function takeAction(host: InboxHost, n: Notification, action: ItemAction): Promise<void> {
  if (action.url) {
    location.assign(action.url);
    return;
  }
  const res = await host.run(() => host.client.notifications.takeAction(host.recipientId, n.id, action.id));
  if (res) changed(host, res.data);
}

/** Marks read what the shown tab shows (the whole feed without tabs); the counts are read back. */
export async function markAllRead(host: InboxHost): Promise<void> {
  const filter = host.filter;
  const res = await host.run(() => host.client.notifications.markAllRead(host.recipientId, filter));
  if (!res) return;
  host.feed.items = host.feed.items.map((n) => ({ ...n, read: true }));
  host.broadcast({ type: 'all-read', filter });
  host.render();
  await host.readCounts();
}

/** Snoozes the item: it leaves the list at once, and comes back when the gateway refuses. */
export async function snoozeItem(host: InboxHost, n: Notification, choice: SnoozeChoice): Promise<void> {
  host.feed.remove(n.id);
  host.render();
  const refused = (err: unknown) => host.dispatchEvent(new CustomEvent('herald-error', { detail: err }));
  const res = await host.run(() => host.client.notifications.snooze(host.recipientId, n.id, snoozeUntil(choice, new Date())), refused);
  if (!res) {
    host.place(n, 'restored');
    return;
  }
  host.broadcast({ type: 'updated', notification: res.data });
  await host.readCounts();
}
