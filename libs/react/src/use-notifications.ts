import type { InboxCounts, InboxSnapshot } from '@herald/client';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useHerald } from './herald-provider.js';
import type { StoreOptions } from './store-cache.js';

export interface NotificationsView extends InboxSnapshot {
  loadMore(): Promise<void>;
  refresh(): Promise<void>;
  markRead(id: number): Promise<void>;
  markUnread(id: number): Promise<void>;
  markSeen(id: number): Promise<void>;
  archive(id: number): Promise<void>;
  unarchive(id: number): Promise<void>;
  markAllRead(): Promise<void>;
  markAllSeen(): Promise<void>;
}

/**
 * The provider recipient's notifications (`filter`: `{archived: true}` for the archived ones,
 * `{read: false}` for the unread ones, `{channel, topic, event}` (any subset) for one tab with its
 * own counts), live, a page at a time, with changes shown at once and rolled back when the gateway
 * refuses them. Components showing the same view share one store.
 */
export function useNotifications(options: StoreOptions = {}): NotificationsView {
  const { stores } = useHerald();
  const { archived, read, channel, topic, event } = options.filter ?? {};
  const { pageSize } = options;
  const view = useMemo(() => ({ filter: { archived, read, channel, topic, event }, pageSize }), [archived, read, channel, topic, event, pageSize]);
  const store = stores.get(view);
  useEffect(() => stores.use(view), [stores, view]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo<NotificationsView>(
    () => ({
      ...snapshot,
      loadMore: store.loadMore,
      refresh: store.refresh,
      markRead: async (id) => void (await store.update(id, { read: true })),
      markUnread: async (id) => void (await store.update(id, { read: false })),
      markSeen: async (id) => void (await store.update(id, { seen: true })),
      archive: async (id) => void (await store.update(id, { archived: true })),
      unarchive: async (id) => void (await store.update(id, { archived: false })),
      markAllRead: store.markAllRead,
      markAllSeen: store.markAllSeen,
    }),
    [snapshot, store],
  );
}

/** The recipient's unread and unseen counts (archived notifications apart), live; null until read. */
export function useCounts(): InboxCounts | null {
  return useNotifications().counts;
}
