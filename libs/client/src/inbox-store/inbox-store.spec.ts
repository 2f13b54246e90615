import { HeraldClient, type Notification } from '../client.js';
import { HeraldValidationError } from '../errors.js';
import type { SubscribeHandlers } from '../sse.js';
import { inboxApiOf, type InboxApi, type InboxPage } from './inbox-api.js';
import type { InboxFilter, NotificationPatch } from './inbox-state.js';
import { createInboxStore } from './inbox-store.js';

const note = (id: number, over: Partial<Notification> = {}): Notification =>
  ({ id, recipient_id: 'alice', payload: { title: `N${id}` }, read: false, seen: false, archived: false, action_taken: null, ...over }) as Notification;

/** A fake inbox API: pages by cursor, counts, and changes answered (or refused) when the test says. */
function fakeApi(pages: Record<string, InboxPage>, counts = { unread_count: 3, unseen_count: 2 }) {
  const calls: { page: unknown[]; update: [number, NotificationPatch][] } = { page: [], update: [] };
  let handlers: SubscribeHandlers = {};
  let answer: { resolve: (n: Notification) => void; reject: (e: Error) => void } | null = null;
  const closed = { value: false };
  const api: InboxApi = {
    page: async (query) => {
      calls.page.push(query);
      return pages[query.cursor ?? 'first'];
    },
    counts: async () => counts,
    update: (id, patch) => {
      calls.update.push([id, patch]);
      return new Promise((resolve, reject) => (answer = { resolve, reject }));
    },
    markAllRead: () => new Promise((resolve, reject) => (answer = { resolve: resolve as never, reject })),
    markAllSeen: () => new Promise((resolve, reject) => (answer = { resolve: resolve as never, reject })),
    subscribe: (h) => {
      handlers = h;
      return { close: () => (closed.value = true), lastEventId: null, state: 'open' };
    },
  };
  return { api, calls, closed, counts, stream: () => handlers, answer: () => answer! };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const refused = new HeraldValidationError({ status: 400, code: 'invalid', message: 'no', family: 'message', body: {} });

async function started(filter: InboxFilter = {}) {
  const fake = fakeApi({ first: { notifications: [note(3), note(2, { seen: true })], next_cursor: 'c2' }, c2: { notifications: [note(1, { read: true, seen: true })], next_cursor: null } });
  const store = createInboxStore(fake.api, { filter, pageSize: 2 });
  store.start();
  await flush();
  return { ...fake, store };
}
const ids = (store: { getSnapshot(): { items: readonly Notification[] } }) => store.getSnapshot().items.map((i) => i.id);

describe('inbox store', () => {
  it('when started, then the first page and the counts are loaded with the filter, and loadMore follows the cursor', async () => {
    const { store, calls } = await started({ archived: false });
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', hasMore: true, counts: { unread: 3, unseen: 2 } });
    expect(ids(store)).toEqual([3, 2]);
    await store.loadMore();
    expect(ids(store)).toEqual([3, 2, 1]);
    expect(store.getSnapshot().hasMore).toBe(false);
    expect(calls.page).toEqual([{ limit: 2, filter: { archived: false } }, { limit: 2, cursor: 'c2', filter: { archived: false } }]);
  });

  it('when nothing changed, then getSnapshot returns the same object; a change notifies listeners until they unsubscribe', async () => {
    const { store, stream } = await started();
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    stream().notification!(note(4), 4);
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).not.toBe(first);
    unsubscribe();
    listener.mockClear();
    stream().notification!(note(5), 5);
    expect(listener).not.toHaveBeenCalled();
  });

  it.each([
    ['a new notification goes on top of the feed', {}, 'notification', note(4), [4, 3, 2]],
    ['a notification whose snooze ended goes on top, as the feed has it', {}, 'notification', note(1), [1, 3, 2]],
    ['a new notification stays out of the archived view', { archived: true }, 'notification', note(4), [3, 2]],
    ['a notification read elsewhere is replaced in place', {}, 'updated', note(3, { read: true }), [3, 2]],
    ['a notification archived elsewhere leaves the feed', {}, 'updated', note(3, { archived: true }), [2]],
    ['a notification read elsewhere leaves the unread view', { read: false }, 'updated', note(2, { read: true }), [3]],
    ['an older notification than those loaded waits for loadMore', {}, 'updated', note(1, { read: true }), [3, 2]],
  ] as const)('when live: %s', async (_name, filter, event, n, expected) => {
    const { store, stream } = await started(filter);
    stream()[event]!(n, null);
    expect(ids(store)).toEqual(expected);
    if (event === 'updated' && (expected as readonly number[]).includes(n.id)) expect(store.getSnapshot().items.find((i) => i.id === n.id)?.read).toBe(true);
  });

  it('when a notification is snoozed elsewhere, then it leaves every view until it comes back', async () => {
    const { store, stream } = await started();
    stream().updated!(note(3, { snoozed_until: '2030-01-01T09:00:00.000Z' }), null);
    expect(ids(store)).toEqual([2]);
    stream().notification!(note(3), null);
    expect(ids(store)).toEqual([3, 2]);
  });

  it('when a woken notification on top of the feed changes, then it keeps its place', async () => {
    const fake = fakeApi({ first: { notifications: [note(1), note(3), note(2)], next_cursor: null } });
    const store = createInboxStore(fake.api, { pageSize: 3 });
    store.start();
    await flush();
    fake.stream().updated!(note(1, { read: true }), null);
    expect(ids(store)).toEqual([1, 3, 2]);
    const pending = store.update(1, { seen: true });
    expect(ids(store)).toEqual([1, 3, 2]);
    fake.answer().resolve(note(1, { read: true, seen: true }));
    await pending;
    expect(ids(store)).toEqual([1, 3, 2]);
  });

  it('when the stream sends both counts, then both are shown and nothing is read back', async () => {
    const { store, stream, counts } = await started();
    counts.unseen_count = 7;
    stream().unreadCount!(9, 4);
    await flush();
    expect(store.getSnapshot().counts).toEqual({ unread: 9, unseen: 4 });
  });

  it('when the stream sends an unread count, then it is shown and the unseen count is read back', async () => {
    const { store, stream, counts } = await started();
    counts.unseen_count = 7;
    stream().unreadCount!(9);
    expect(store.getSnapshot().counts).toEqual({ unread: 9, unseen: 2 });
    await flush();
    expect(store.getSnapshot().counts).toEqual({ unread: 3, unseen: 7 });
  });

  it.each([
    ['read', { read: true }, [3, 2], { unread: 2, unseen: 2 }],
    ['seen', { seen: true }, [3, 2], { unread: 3, unseen: 1 }],
    ['archived (seen too, out of the feed)', { archived: true }, [2], { unread: 2, unseen: 1 }],
  ] as const)('when %s is set, then the view and counts change at once and go back if the server refuses', async (_name, patch, during, counts) => {
    const { store, answer, calls } = await started();
    const before = store.getSnapshot();
    const pending = store.update(3, patch);
    expect(ids(store)).toEqual(during);
    expect(store.getSnapshot().counts).toEqual(counts);
    expect(calls.update).toEqual([[3, patch]]);
    answer().reject(refused);
    await pending;
    expect(store.getSnapshot()).toMatchObject({ items: before.items, counts: before.counts, error: refused });
  });

  it('when the server accepts a change, then its answer replaces the item', async () => {
    const { store, answer } = await started();
    const pending = store.update(3, { read: true });
    answer().resolve(note(3, { read: true, action_taken: 'ok' }));
    await pending;
    expect(store.getSnapshot().items[0]).toMatchObject({ id: 3, read: true, action_taken: 'ok' });
    expect(store.getSnapshot().error).toBeNull();
  });

  it.each([
    ['markAllRead', { unread: 0, unseen: 2 }, 'read'],
    ['markAllSeen', { unread: 3, unseen: 0 }, 'seen'],
  ] as const)('when %s, then every item and the count change at once and go back on error', async (method, counts, field) => {
    const { store, answer } = await started();
    const before = store.getSnapshot();
    const pending = store[method]();
    expect(store.getSnapshot().counts).toEqual(counts);
    expect(store.getSnapshot().items.every((i) => i[field])).toBe(true);
    answer().reject(refused);
    await pending;
    expect(store.getSnapshot()).toMatchObject({ items: before.items, counts: before.counts, error: refused });
  });

  it('when stopped, then the stream is closed', async () => {
    const { store, closed } = await started();
    store.stop();
    expect(closed.value).toBe(true);
    expect(store.getSnapshot().connection).toBe('idle');
  });

  it('when a page cannot be read, then the status is error with the failure', async () => {
    const fake = fakeApi({});
    fake.api.page = async () => {
      throw refused;
    };
    const store = createInboxStore(fake.api);
    store.start();
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: refused });
  });

  it('when the API is a client, then the feed query carries the filter and a change is a PATCH of the recipient', async () => {
    const seen: string[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      seen.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`);
      return new Response(JSON.stringify({ data: { notifications: [], next_cursor: null } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const api = inboxApiOf(new HeraldClient({ baseUrl: 'http://herald.test', apiKey: 'nk_tok_t', fetch }), 'alice');
    await api.page({ limit: 5, filter: { archived: true } });
    await api.update(7, { seen: true });
    expect(seen).toEqual([
      'GET http://herald.test/recipients/alice/notifications?limit=5&archived=true ',
      'PATCH http://herald.test/recipients/alice/notifications/7 {"seen":true}',
    ]);
  });
});
