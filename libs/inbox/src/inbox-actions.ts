import type { HeraldClient, InboxApi, InboxChange, Notification } from '@herald/client';
import type { InboxStores } from './inbox-stores';
import type { ItemViewOptions } from './item-view';
import { snoozeUntil, type SnoozeChoice } from './snooze';
import { contentOf, type ItemAction } from './view-model';

/** What the item and bulk actions need of the element. */
export interface InboxHost {
  readonly client: HeraldClient;
  readonly recipientId: string;
  readonly stores: InboxStores;
  /** The stores' API (one stream, a fresh token after a 401), for what no store does. */
  readonly api: InboxApi;
  /** Runs a request, once more with a fresh token after a 401. */
  fresh<T>(request: () => Promise<T>): Promise<T>;
  /** Shows a change in every view of the element and in the recipient's other browser tabs. */
  share(change: InboxChange): void;
  dispatchEvent(event: Event): boolean;
}

/**
 * Tells the element's views and the other browser tabs what the server answered, and the whole
 * feed's counts as they are now (the live stream tells them too, a moment later).
 */
export function shareAnswer(host: InboxHost, answers: readonly Notification[]): void {
  for (const notification of answers) host.share({ type: 'changed', notification });
  shareCounts(host);
}

function shareCounts(host: InboxHost): void {
  host.share({ type: 'feedCounts', ...host.stores.feedCounts });
}

/** Marks read and opened (at once; back if refused), then follows the payload's url if any. */
export async function openItem(host: InboxHost, n: Notification): Promise<void> {
  if (!n.read || !n.opened) {
    const answer = await host.stores.shown.update(n.id, { read: true, opened: true });
    if (answer) shareAnswer(host, [answer]);
  }
  const url = contentOf(n).url;
  if (url && host.dispatchEvent(new CustomEvent('herald-open', { detail: n, cancelable: true }))) location.assign(url);
}

/** Archives the item (unarchives it in the archived view): out of this view at once, back if refused. */
export async function archiveItem(host: InboxHost, n: Notification): Promise<void> {
  const answer = await host.stores.shown.update(n.id, { archived: !n.archived });
  if (answer) shareAnswer(host, [answer]);
}

/** An action with a url opens it; one without is recorded (`takeAction`) and shown as taken at once. */
export async function takeAction(host: InboxHost, n: Notification, action: ItemAction): Promise<void> {
  if (action.url) {
    location.assign(action.url);
    return;
  }
  const send = async () => (await host.fresh(() => host.client.notifications.takeAction(host.recipientId, n.id, action.id))).data;
  const answer = await host.stores.shown.change(n.id, { action_taken: action.id }, send);
  if (answer) shareAnswer(host, [answer]);
}

/** Marks read what the shown tab shows (the whole feed without tabs), at once; back if refused. */
export async function markAllRead(host: InboxHost, tab: { channel?: string; topic?: string; event?: string }): Promise<void> {
  const store = host.stores.shown;
  await store.markAllRead();
  if (store.getSnapshot().error) return;
  host.share({ type: 'allRead', tab });
  shareCounts(host);
}

/** Snoozes the item: it leaves the list at once, and comes back when the gateway refuses. */
export async function snoozeItem(host: InboxHost, n: Notification, choice: SnoozeChoice): Promise<void> {
  const until = snoozeUntil(choice, new Date());
  const send = async () => (await host.fresh(() => host.client.notifications.snooze(host.recipientId, n.id, until))).data;
  const answer = await host.stores.shown.change(n.id, { snoozed_until: until.toISOString() }, send);
  if (answer) shareAnswer(host, [answer]);
}

/** Marks the selected items read, or (un)archives them, in one bulk request, at once; each refused one comes back. */
export async function updateSelected(host: InboxHost, change: { read: true } | { archived: boolean }): Promise<void> {
  const ids = [...host.stores.selected];
  host.stores.selected.clear();
  shareAnswer(host, await host.stores.shown.updateMany(ids, change));
}

/** Marks the whole feed seen (what opening the panel does with `badge="unseen"`), shown once the gateway did, here and in the other browser tabs. */
export async function markFeedSeen(host: InboxHost): Promise<void> {
  try {
    await host.api.markAllSeen();
    host.share({ type: 'allSeen' });
  } catch (err) {
    host.dispatchEvent(new CustomEvent('herald-error', { detail: err }));
  }
}

/** What an item's buttons do (nothing before the element started). */
export function itemActions(host: InboxHost | null): Pick<ItemViewOptions, 'open' | 'archive' | 'act' | 'snooze'> {
  const run = (action: (h: InboxHost) => Promise<void>) => void (host && action(host));
  return {
    open: (n) => run((h) => openItem(h, n)),
    archive: (n) => run((h) => archiveItem(h, n)),
    act: (n, action) => run((h) => takeAction(h, n, action)),
    snooze: (n, choice) => run((h) => snoozeItem(h, n, choice)),
  };
}
