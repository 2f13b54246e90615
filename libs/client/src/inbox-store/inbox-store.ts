import type { FeedTab, Notification } from '../client.js';
import type { HeraldError } from '../errors.js';
import type { StreamState, Subscription } from '../sse.js';
import type { InboxApi } from './inbox-api.js';
import { adjustCounts, applyPatch, inTab, matchesFilter, placeItem, tabOf, type InboxCounts, type InboxFilter, type NotificationPatch } from './inbox-state.js';

/** Everything a UI shows of one inbox view; a new object after every change (immutable). */
export interface InboxSnapshot {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: readonly Notification[];
  /** More pages on the server (`loadMore`). */
  hasMore: boolean;
  loadingMore: boolean;
  /** The recipient's counts (the whole feed, or the filter's tab; archived apart); null until read. */
  counts: InboxCounts | null;
  /** The whole feed's counts (a badge beside a tab's own): `counts` without a tab; with one, null unless `feedCounts` was asked for. */
  feedCounts: InboxCounts | null;
  connection: StreamState | 'idle';
  /** The last failure: of a load, or of a change that was rolled back. */
  error: HeraldError | Error | null;
}

export interface InboxStoreOptions {
  filter?: InboxFilter;
  /** Notifications per page (default 20). */
  pageSize?: number;
  /** With a tab in the filter, keep the whole feed's counts too (`feedCounts`). */
  feedCounts?: boolean;
}

/**
 * A change the store did not make itself, to show as it is: a notification that `arrived` (on top)
 * or `changed` (placed as `placeItem` says), everything in a tab marked read (`allRead`) or the
 * whole feed marked seen (`allSeen`) elsewhere, or the whole feed's counts as told elsewhere
 * (`feedCounts`; a tab's own are read back).
 */
export type InboxChange =
  | { type: 'arrived' | 'changed'; notification: Notification }
  | { type: 'allRead'; tab: FeedTab }
  | { type: 'allSeen' }
  | { type: 'feedCounts'; unread: number; unseen?: number | null };

/**
 * A framework-free inbox (pages, counts, live updates, optimistic changes) with the
 * `subscribe`/`getSnapshot` pair React's `useSyncExternalStore` (and any other UI) reads.
 */
export interface InboxStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): InboxSnapshot;
  /** Loads the first page and the counts and follows the live stream; again after `stop`. */
  start(): void;
  stop(): void;
  loadMore(): Promise<void>;
  /** Reloads the first page and the counts (what a stream `reset` does). */
  refresh(): Promise<void>;
  /** Changes one notification at once in the view, then on the server; rolled back if the server refuses. Gives the server's answer. */
  update(id: number, patch: NotificationPatch): Promise<Notification | undefined>;
  /**
   * A change made by another request (a snooze, an action): `expected` shown at once, then the
   * answer of `send`; rolled back if it fails. Gives the answer (undefined after a failure).
   */
  change(id: number, expected: Partial<Notification>, send: () => Promise<Notification>): Promise<Notification | undefined>;
  /** Changes several at once in the view, then in one request (the API's `updateMany`); each one the server did not change goes back. */
  updateMany(ids: number[], patch: NotificationPatch): Promise<Notification[]>;
  markAllRead(): Promise<void>;
  /** Marks the filter's tab seen (`wholeFeed`: the whole feed, what opening a panel does). */
  markAllSeen(options?: { wholeFeed?: boolean }): Promise<void>;
  /** Shows a change made elsewhere (another browser tab, another store of the same UI). */
  apply(change: InboxChange): void;
}

const INITIAL: InboxSnapshot = { status: 'idle', items: [], hasMore: false, loadingMore: false, counts: null, feedCounts: null, connection: 'idle', error: null };
const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));
const countsOf = (c: { unread_count: number; unseen_count: number }): InboxCounts => ({ unread: c.unread_count, unseen: c.unseen_count });

export function createInboxStore(api: InboxApi, options: InboxStoreOptions = {}): InboxStore {
  const filter = options.filter ?? {};
  const tab = tabOf(filter);
  // The stream's counts are the whole feed's: a tab reads its own back instead.
  const isTab = Object.keys(tab).length > 0;
  const keepsFeedCounts = !isTab || options.feedCounts === true;
  const limit = options.pageSize ?? 20;
  const listeners = new Set<() => void>();
  let snapshot = INITIAL;
  let cursor: string | null = null;
  let stream: Subscription | null = null;
  // Answers of a load started before the last refresh (or stop) are dropped.
  let generation = 0;

  const set = (change: Partial<InboxSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    if (!isTab && change.counts !== undefined) snapshot.feedCounts = snapshot.counts;
    for (const listener of listeners) listener();
  };
  const readCounts = async (withFeed = isTab && keepsFeedCounts) => {
    const [own, feed] = await Promise.all([api.counts(tab), withFeed ? api.counts() : null]);
    set({ counts: countsOf(own), ...(feed && { feedCounts: countsOf(feed) }) });
  };
  const changed = (n: Notification) => set({ items: placeItem(snapshot.items, n, filter, !snapshot.hasMore) });
  const arrived = (n: Notification) => set({ items: placeItem(snapshot.items, n, filter, !snapshot.hasMore, true) });
  // Both counts travel on the stream; from a gateway that sends only the unread one, the unseen one is read back.
  const feedCountsTold = (unread: number, unseen: number | null | undefined) => {
    const told = { unread, unseen: unseen ?? snapshot.feedCounts?.unseen ?? 0 };
    const bothTold = unseen !== null && unseen !== undefined;
    if (!isTab) set({ counts: told });
    else if (keepsFeedCounts && bothTold) set({ feedCounts: told });
    if (isTab || !bothTold) void readCounts(isTab && keepsFeedCounts && !bothTold).catch(() => undefined);
  };
  const refresh = async () => {
    const mine = ++generation;
    set({ status: snapshot.items.length ? snapshot.status : 'loading', error: null });
    try {
      const [page] = await Promise.all([api.page({ limit, filter }), readCounts()]);
      if (mine !== generation) return;
      cursor = page.next_cursor;
      set({ status: 'ready', items: page.notifications, hasMore: cursor !== null });
    } catch (e) {
      if (mine === generation) set({ status: 'error', error: asError(e) });
    }
  };
  /** Applies a change at once; puts the previous state back when `send` fails. */
  const optimistic = async <T>(change: Pick<InboxSnapshot, 'items' | 'counts' | 'feedCounts'>, send: () => Promise<T>): Promise<T | undefined> => {
    const before = { items: snapshot.items, counts: snapshot.counts, feedCounts: snapshot.feedCounts };
    set({ ...change, error: null });
    try {
      return await send();
    } catch (e) {
      set({ ...before, error: asError(e) });
      return undefined;
    }
  };
  /** The view and counts with these notifications changed to what they are expected to be. */
  const expecting = (changes: { id: number; to: (n: Notification) => Notification }[]) => {
    let { items, counts, feedCounts } = snapshot;
    for (const { id, to } of changes) {
      const current = items.find((i) => i.id === id);
      if (!current) continue;
      const next = to(current);
      items = placeItem(items, next, filter, !snapshot.hasMore);
      counts = counts && adjustCounts(counts, current, next);
      feedCounts = isTab ? feedCounts && adjustCounts(feedCounts, current, next) : counts;
    }
    return { items, counts, feedCounts };
  };
  const all = (field: 'read' | 'seen', inScope: (n: Notification) => boolean = () => true) =>
    snapshot.items.map((i) => (inScope(i) ? { ...i, [field]: true } : i)).filter((i) => matchesFilter(i, filter));
  const zero = (counts: InboxCounts | null, field: keyof InboxCounts) => counts && { ...counts, [field]: 0 };
  const changeTo = async (id: number, to: (n: Notification) => Notification, send: () => Promise<Notification>) => {
    if (!snapshot.items.some((i) => i.id === id)) return undefined;
    const answer = await optimistic(expecting([{ id, to }]), send);
    if (answer) changed(answer);
    return answer;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start() {
      if (stream) return;
      void refresh();
      stream = api.subscribe({
        notification: arrived,
        updated: changed,
        unreadCount: feedCountsTold,
        reset: () => void refresh(),
        state: (connection) => set({ connection }),
      });
    },
    stop() {
      generation++;
      stream?.close();
      stream = null;
      set({ connection: 'idle' });
    },
    refresh,
    async loadMore() {
      if (!cursor || snapshot.loadingMore) return;
      const mine = generation;
      set({ loadingMore: true });
      try {
        const page = await api.page({ limit, cursor, filter });
        if (mine !== generation) return;
        cursor = page.next_cursor;
        const known = new Set(snapshot.items.map((i) => i.id));
        set({ items: [...snapshot.items, ...page.notifications.filter((n) => !known.has(n.id))], hasMore: cursor !== null, loadingMore: false });
      } catch (e) {
        set({ loadingMore: false, error: asError(e) });
      }
    },
    update: (id, patch) => changeTo(id, (n) => applyPatch(n, patch), () => api.update(id, patch)),
    change: (id, expected, send) => changeTo(id, (n) => ({ ...n, ...expected }), send),
    async updateMany(ids, patch) {
      const before = snapshot.items;
      const send = async () => (api.updateMany ? api.updateMany(ids, patch) : Promise.all(ids.map(async (id) => ({ id, notification: await api.update(id, patch) }))));
      const results = await optimistic(expecting(ids.map((id) => ({ id, to: (n) => applyPatch(n, patch) }))), send);
      if (!results) return [];
      const answered = results.flatMap((r) => (r.notification ? [r.notification] : []));
      const refused = before.filter((n) => ids.includes(n.id) && !answered.some((a) => a.id === n.id));
      for (const n of [...answered, ...refused]) changed(n);
      return answered;
    },
    markAllRead: async () => {
      const { counts, feedCounts } = snapshot;
      // A tab's unread ones leave the whole feed's count too.
      const feedAfter = feedCounts && counts && { ...feedCounts, unread: Math.max(0, feedCounts.unread - counts.unread) };
      await optimistic({ items: all('read'), counts: zero(counts, 'unread'), feedCounts: feedAfter }, () => api.markAllRead(tab));
    },
    markAllSeen: async ({ wholeFeed = false } = {}) => {
      const feedCounts = isTab && !wholeFeed ? snapshot.feedCounts : zero(snapshot.feedCounts, 'unseen');
      await optimistic({ items: all('seen'), counts: zero(snapshot.counts, 'unseen'), feedCounts }, () => (wholeFeed ? api.markAllSeen() : api.markAllSeen(tab)));
    },
    apply(change) {
      switch (change.type) {
        case 'arrived':
          return arrived(change.notification);
        case 'changed':
          return changed(change.notification);
        case 'allRead':
          return set({ items: all('read', (n) => inTab(n, change.tab)) });
        case 'allSeen':
          return set({ items: all('seen'), counts: zero(snapshot.counts, 'unseen'), feedCounts: zero(snapshot.feedCounts, 'unseen') });
        case 'feedCounts':
          return feedCountsTold(change.unread, change.unseen);
      }
    },
  };
}
