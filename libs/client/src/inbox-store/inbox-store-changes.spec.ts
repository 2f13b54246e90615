import type { FeedTab, Notification } from '../client.js';
import { HeraldAuthenticationError, HeraldValidationError } from '../errors.js';
import type { SubscribeHandlers } from '../sse.js';
import type { InboxApi } from './inbox-api.js';
import type { InboxFilter } from './inbox-state.js';
import { createInboxStore, type InboxChange } from './inbox-store.js';
import { withSharedStream } from './shared-stream.js';
import { withTokenRefresh } from './token-refresh.js';

const mention = { channel: 'mentions', topic: 'pr', event: 'mentioned' };
const build = { channel: 'builds', topic: 'main', event: 'failed' };
const note = (id: number, over: Partial<Notification> = {}): Notification =>
  ({ id, recipient_id: 'alice', payload: { title: `N${id}` }, target: mention, read: false, seen: false, archived: false, action_taken: null, ...over }) as Notification;
const refused = new HeraldValidationError({ status: 400, code: 'invalid', message: 'no', family: 'message', body: {} });
const unauthorized = () => new HeraldAuthenticationError({ status: 401, code: 'unauthorized', message: 'expired', family: 'message', body: {} });
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A fake API: a feed of 3 (a mention, a build, a mention), counts by tab, and changes answered as the test sets. */
function fakeApi() {
  const streams: SubscribeHandlers[] = [];
  const counts: { tab: FeedTab | undefined }[] = [];
  const feed = { unread_count: 3, unseen_count: 3 };
  const tabbed = { unread_count: 2, unseen_count: 2 };
  const api: InboxApi & { updateMany: NonNullable<InboxApi['updateMany']> } = {
    page: async ({ filter }) => ({ notifications: [note(3), note(2, { target: build }), note(1)].filter((n) => !filter.channel || n.target?.channel === filter.channel), next_cursor: null }),
    counts: async (tab) => {
      counts.push({ tab });
      return tab?.channel ? tabbed : feed;
    },
    update: async (id, patch) => note(id, patch),
    updateMany: async (ids, patch) => ids.map((id) => ({ id, notification: id === 2 ? null : note(id, patch) })),
    markAllRead: async () => undefined,
    markAllSeen: async () => undefined,
    subscribe: (h) => {
      streams.push(h);
      return { close: () => streams.splice(streams.indexOf(h), 1), lastEventId: null, state: 'open' };
    },
  };
  return { api, streams, counts, feed, tabbed };
}

async function started(filter: InboxFilter = {}, feedCounts = false) {
  const fake = fakeApi();
  const store = createInboxStore(fake.api, { filter, feedCounts });
  store.start();
  await flush();
  return { ...fake, store };
}
const ids = (store: { getSnapshot(): { items: readonly Notification[] } }) => store.getSnapshot().items.map((i) => i.id);

describe('inbox store: changes made elsewhere', () => {
  it.each<[string, InboxFilter, InboxChange, number[], Partial<Notification> | null]>([
    ['a notification that arrived goes on top', {}, { type: 'arrived', notification: note(4) }, [4, 3, 2, 1], null],
    ['a notification read in another browser tab is replaced in place', {}, { type: 'changed', notification: note(2, { read: true, target: build }) }, [3, 2, 1], { id: 2, read: true }],
    ['a notification snoozed elsewhere leaves the view', {}, { type: 'changed', notification: note(3, { snoozed_until: '2030-01-01T00:00:00Z' }) }, [2, 1], null],
    ['a notification of another tab stays out', { channel: 'mentions' }, { type: 'arrived', notification: note(5, { target: build }) }, [3, 1], null],
    ['everything of a tab read elsewhere leaves the unread view, the rest stays', { read: false }, { type: 'allRead', tab: { channel: 'mentions' } }, [2], null],
    ['the whole feed seen elsewhere marks every item seen', {}, { type: 'allSeen' }, [3, 2, 1], { id: 1, seen: true }],
  ])('when %s', async (_name, filter, change, expected, first) => {
    const { store } = await started(filter);
    store.apply(change);
    expect(ids(store)).toEqual(expected);
    if (first) expect(store.getSnapshot().items.find((i) => i.id === first.id)).toMatchObject(first);
  });

  it.each([
    ['the whole feed: taken as told', {}, { unread: 7, unseen: 5 }, { unread: 7, unseen: 5 }, [undefined]],
    ['a tab keeping the feed counts: the feed counts as told, its own read back', { channel: 'mentions' }, { unread: 2, unseen: 2 }, { unread: 7, unseen: 5 }, [{ channel: 'mentions' }]],
  ] as const)('when the whole feed counts are told elsewhere to %s', async (_name, filter, counts, feedCounts, readBack) => {
    const { store, counts: calls } = await started(filter, true);
    calls.length = 0;
    store.apply({ type: 'feedCounts', unread: 7, unseen: 5 });
    await flush();
    expect(store.getSnapshot()).toMatchObject({ counts, feedCounts });
    expect(calls.map((c) => c.tab)).toEqual(readBack);
  });

  it.each([
    ['accepted: the answer replaces it', async () => note(3, { action_taken: 'ok' }), [3, 2, 1], null],
    ['refused: it comes back with the failure', async () => Promise.reject(refused), [3, 2, 1], refused],
  ] as const)('when a change made by another request (a snooze) is %s', async (_name, send, after, error) => {
    const { store } = await started();
    let during: number[] = [];
    const answer = store.change(3, { snoozed_until: '2030-01-01T00:00:00Z' }, () => {
      during = ids(store);
      return send();
    });
    expect(store.getSnapshot().counts).toEqual({ unread: 2, unseen: 2 });
    await answer;
    expect(during).toEqual([2, 1]);
    expect(ids(store)).toEqual(after);
    expect(store.getSnapshot().error).toBe(error);
  });

  it.each([
    ['one request answers each: an id the server did not change goes back', false, [3, 1], { unread: 1, unseen: 1 }, [2]],
    ['the request fails: everything goes back', true, [3, 2, 1], { unread: 3, unseen: 3 }, [3, 2, 1]],
  ] as const)('when several are archived at once and %s', async (_name, fails, answered, counts, listed) => {
    const fake = fakeApi();
    if (fails) fake.api.updateMany = async () => Promise.reject(refused);
    const store = createInboxStore(fake.api);
    store.start();
    await flush();
    const pending = store.updateMany([3, 2, 1], { archived: true });
    expect(ids(store)).toEqual([]);
    expect(store.getSnapshot().counts).toEqual({ unread: 0, unseen: 0 });
    expect((await pending).map((n) => n.id)).toEqual(fails ? [] : answered);
    expect(ids(store)).toEqual(listed);
    if (fails) expect(store.getSnapshot().counts).toEqual(counts);
  });
});

describe('inbox store: the whole feed counts beside a tab', () => {
  it.each([
    ['asked for: both read at start', true, { unread: 3, unseen: 3 }, [{ channel: 'mentions' }, undefined]],
    ['not asked for: only the tab read', false, null, [{ channel: 'mentions' }]],
  ] as const)('when a tab store has the feed counts %s', async (_name, feedCounts, expected, calls) => {
    const { store, counts } = await started({ channel: 'mentions' }, feedCounts);
    expect(store.getSnapshot()).toMatchObject({ counts: { unread: 2, unseen: 2 }, feedCounts: expected });
    expect(counts.map((c) => c.tab)).toEqual(calls);
  });

  it.each([
    ['the stream tells both counts', (s: Awaited<ReturnType<typeof started>>) => s.streams[0].unreadCount!(9, 8), { unread: 9, unseen: 8 }],
    ['one is read', (s: Awaited<ReturnType<typeof started>>) => void s.store.update(3, { read: true }), { unread: 2, unseen: 3 }],
    ['one is archived (seen too)', (s: Awaited<ReturnType<typeof started>>) => void s.store.update(3, { archived: true }), { unread: 2, unseen: 2 }],
    ['the tab is marked read: its unread ones leave the feed count', (s: Awaited<ReturnType<typeof started>>) => void s.store.markAllRead(), { unread: 1, unseen: 3 }],
    ['the whole feed is marked seen', (s: Awaited<ReturnType<typeof started>>) => void s.store.markAllSeen({ wholeFeed: true }), { unread: 3, unseen: 0 }],
  ])('when %s, then the feed counts follow at once', async (_name, act, feedCounts) => {
    const s = await started({ channel: 'mentions' }, true);
    act(s);
    expect(s.store.getSnapshot().feedCounts).toEqual(feedCounts);
  });
});

describe('inbox store: one stream for several stores', () => {
  it.each([
    ['one store', 1],
    ['three stores (the tabs of one element)', 3],
  ])('when %s share an API, then one stream is opened, every store hears it, and it closes with the last', async (_name, count) => {
    const fake = fakeApi();
    const shared = withSharedStream(fake.api);
    const stores = Array.from({ length: count }, () => createInboxStore(shared));
    for (const store of stores) store.start();
    await flush();
    expect(fake.streams).toHaveLength(1);
    fake.streams[0].notification!(note(4), 4);
    expect(stores.map(ids)).toEqual(stores.map(() => [4, 3, 2, 1]));
    for (const store of stores.slice(1)) store.stop();
    expect(fake.streams).toHaveLength(1);
    stores[0].stop();
    expect(fake.streams).toHaveLength(0);
  });
});

describe('inbox store: a fresh token after a 401', () => {
  const call: Record<string, (api: InboxApi) => Promise<unknown>> = {
    page: (api) => api.page({ limit: 1, filter: {} }),
    counts: (api) => api.counts(),
    update: (api) => api.update(1, { read: true }),
    updateMany: (api) => api.updateMany!([1], { read: true }),
    markAllRead: (api) => api.markAllRead(),
    markAllSeen: (api) => api.markAllSeen(),
  };
  it.each(Object.keys(call).flatMap((method) => [
    [method, 'a fresh token is given: asked again and answered', true, 'answered', 1],
    [method, 'no fresh token: the 401 is the failure', false, 'unauthorized', 1],
  ] as const))('when %s answers 401 and %s', async (method, _name, fresh, outcome, refreshes) => {
    let failures = 1;
    const base = fakeApi().api as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const once = async (...args: unknown[]) => (failures-- > 0 ? Promise.reject(unauthorized()) : base[method](...args).then(() => 'answered'));
    const refresh = jest.fn(async () => fresh);
    const api = withTokenRefresh({ ...(base as unknown as InboxApi), [method]: once }, refresh);
    const result = await call[method](api).catch((e: Error) => (e instanceof HeraldAuthenticationError ? 'unauthorized' : e));
    expect(result).toBe(outcome);
    expect(refresh).toHaveBeenCalledTimes(refreshes);
  });

  it.each([
    ['a 401', unauthorized(), 1],
    ['another failure', refused, 0],
  ])('when the stream fails with %s, then a fresh token is asked for %d time(s) and the failure still told', async (_name, error, refreshes) => {
    const fake = fakeApi();
    const refresh = jest.fn(async () => true);
    const told: unknown[] = [];
    withTokenRefresh(fake.api, refresh).subscribe({ error: (e) => told.push(e) });
    fake.streams[0].error!(error);
    expect(refresh).toHaveBeenCalledTimes(refreshes);
    expect(told).toEqual([error]);
  });
});
