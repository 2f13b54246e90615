import type { Notification } from '../client.js';
import type { HeraldError } from '../errors.js';
import type { StreamState, Subscription } from '../sse.js';
import type { InboxApi } from './inbox-api.js';
import { adjustCounts, applyPatch, matchesFilter, placeItem, tabOf, type InboxCounts, type InboxFilter, type NotificationPatch } from './inbox-state.js';

/** Everything a UI shows of one inbox view; a new object after every change (immutable). */
export interface InboxSnapshot {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: readonly Notification[];
  /** More pages on the server (`loadMore`). */
  hasMore: boolean;
  loadingMore: boolean;
  /** The recipient's counts (the whole feed, or the filter's tab; archived apart); null until read. */
  counts: InboxCounts | null;
  connection: StreamState | 'idle';
  /** The last failure: of a load, or of a change that was rolled back. */
  error: HeraldError | Error | null;
}

export interface InboxStoreOptions {
  filter?: InboxFilter;
  /** Notifications per page (default 20). */
  pageSize?: number;
}

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
  /** Changes one notification at once in the view, then on the server; rolled back if the server refuses. */
  update(id: number, patch: NotificationPatch): Promise<void>;
  markAllRead(): Promise<void>;
  markAllSeen(): Promise<void>;
}

const INITIAL: InboxSnapshot = { status: 'idle', items: [], hasMore: false, loadingMore: false, counts: null, connection: 'idle', error: null };
const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

export function createInboxStore(api: InboxApi, options: InboxStoreOptions = {}): InboxStore {
  const filter = options.filter ?? {};
  const tab = tabOf(filter);
  // The stream's counts are the whole feed's: a tab reads its own back instead.
  const isTab = Object.keys(tab).length > 0;
  const limit = options.pageSize ?? 20;
  const listeners = new Set<() => void>();
  let snapshot = INITIAL;
  let cursor: string | null = null;
  let stream: Subscription | null = null;
  // Answers of a load started before the last refresh (or stop) are dropped.
  let generation = 0;

  const set = (change: Partial<InboxSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };
  const readCounts = async () => {
    const c = await api.counts(tab);
    set({ counts: { unread: c.unread_count, unseen: c.unseen_count } });
  };
  const changed = (n: Notification) => set({ items: placeItem(snapshot.items, n, filter, !snapshot.hasMore) });
  const arrived = (n: Notification) => set({ items: placeItem(snapshot.items, n, filter, !snapshot.hasMore, true) });

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
  const optimistic = async (change: Pick<InboxSnapshot, 'items' | 'counts'>, send: () => Promise<unknown>) => {
    const before = { items: snapshot.items, counts: snapshot.counts };
    set({ ...change, error: null });
    try {
      await send();
    } catch (e) {
      set({ ...before, error: asError(e) });
    }
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
        // Both counts travel on the stream; from a gateway that sends only the unread one, the unseen one is read back.
        unreadCount: (unread, unseen) => {
          if (!isTab) set({ counts: { unseen: unseen ?? snapshot.counts?.unseen ?? 0, unread } });
          if (isTab || unseen === null || unseen === undefined) void readCounts().catch(() => undefined);
        },
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
    async update(id, patch) {
      const current = snapshot.items.find((i) => i.id === id);
      if (!current) return;
      const next = applyPatch(current, patch);
      const counts = snapshot.counts && adjustCounts(snapshot.counts, current, next);
      await optimistic({ items: placeItem(snapshot.items, next, filter, !snapshot.hasMore), counts }, async () => changed(await api.update(id, patch)));
    },
    markAllRead: () =>
      optimistic(
        { items: snapshot.items.map((i) => ({ ...i, read: true })).filter((i) => matchesFilter(i, filter)), counts: snapshot.counts && { ...snapshot.counts, unread: 0 } },
        () => api.markAllRead(tab),
      ),
    markAllSeen: () =>
      optimistic({ items: snapshot.items.map((i) => ({ ...i, seen: true })), counts: snapshot.counts && { ...snapshot.counts, unseen: 0 } }, () => api.markAllSeen(tab)),
  };
}
