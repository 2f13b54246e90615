import type { InboxPage, Notification, SubscribeHandlers } from '@herald/client';
import type { HeraldApi, PreferenceChange, RecipientPreference } from '../herald-api.js';

export const note = (id: number, payload: Record<string, unknown> = { title: `N${id}` }, over: Partial<Notification> = {}): Notification =>
  ({ id, recipient_id: 'alice', payload, read: false, seen: false, archived: false, action_taken: null, created_at: '2026-01-01T00:00:00Z', ...over }) as Notification;

/** An in-memory HeraldApi for the package's tests: pages per filter, a live stream the test drives, changes it may refuse. */
export function fakeHeraldApi(pages: { feed: Notification[]; archived?: Notification[] }) {
  const calls = { page: [] as unknown[], subscribe: 0, preferencesSet: [] as PreferenceChange[], preferencesList: 0 };
  const streams = new Set<SubscribeHandlers>();
  const failures = { update: null as Error | null };
  let preferences: RecipientPreference[] = [];
  const api: HeraldApi = {
    inbox: {
      page: async (query) => {
        calls.page.push(query);
        return { notifications: query.filter.archived ? (pages.archived ?? []) : pages.feed, next_cursor: null } satisfies InboxPage;
      },
      counts: async () => ({ unread_count: pages.feed.filter((n) => !n.read).length, unseen_count: pages.feed.filter((n) => !n.seen).length }),
      update: async (id, patch) => {
        if (failures.update) throw failures.update;
        return { ...pages.feed.find((n) => n.id === id)!, ...patch };
      },
      markAllRead: async () => ({}),
      markAllSeen: async () => ({}),
      subscribe: (handlers) => {
        calls.subscribe++;
        streams.add(handlers);
        return { close: () => streams.delete(handlers), lastEventId: null, state: 'open' };
      },
    },
    preferences: {
      list: async () => {
        calls.preferencesList++;
        return preferences;
      },
      set: async (change) => {
        calls.preferencesSet.push(change);
        preferences = [{ target: { ...change.target, medium: change.medium ?? '*' }, state: change.state } as RecipientPreference];
        return {};
      },
    },
  };
  const emit = (fn: (h: SubscribeHandlers) => void) => streams.forEach(fn);
  return { api, calls, failures, emit, streams };
}
