import { withSharedStream, type InboxApi, type InboxPage, type Notification, type SubscribeHandlers } from '@herald/client';
import { InboxStores, type FeedView } from './inbox-stores';

const mention = { channel: 'mentions', topic: 't', event: 'e' };
const billing = { channel: 'billing', topic: 't', event: 'e' };
const note = (id: number, over: Partial<Notification> = {}): Notification =>
  ({ id, recipient_id: 'alice', payload: { title: `N${id}` }, target: mention, read: false, seen: false, archived: false, action_taken: null, ...over }) as Notification;
const flush = () => new Promise((resolve) => setImmediate(resolve));
const refused = new Error('refused');

/** A feed with 5 and 3 on the first page, 3 and 2 on the next (older ids), an empty archive; one stream for all stores. */
function fakeApi() {
  const streams: SubscribeHandlers[] = [];
  const api: InboxApi = {
    page: async ({ cursor, filter }): Promise<InboxPage> => {
      if (filter.archived) return { notifications: [], next_cursor: null };
      const page = cursor ? [note(3), note(2)] : [note(5), note(3)];
      return { notifications: page.filter((n) => !filter.channel || n.target?.channel === filter.channel), next_cursor: cursor ? null : 'c2' };
    },
    counts: async (tab) => (tab?.channel === 'billing' ? { unread_count: 1, unseen_count: 1 } : { unread_count: 4, unseen_count: 4 }),
    update: async (id, patch) => note(id, patch),
    markAllRead: async () => undefined,
    markAllSeen: async () => undefined,
    subscribe: (h) => {
      streams.push(h);
      return { close: () => streams.splice(streams.indexOf(h), 1), lastEventId: null, state: 'open' };
    },
  };
  return { api, streams };
}

async function loaded(view: FeedView = 'inbox', tabs = [{ label: 'All', filter: {} }]) {
  const fake = fakeApi();
  const changed = jest.fn();
  const stores = new InboxStores(withSharedStream(fake.api), 2, changed);
  stores.start(tabs, view, 0);
  await flush();
  stores.selected.add(5).add(3);
  return { ...fake, stores, changed, ids: () => stores.snapshot.items.map((i) => i.id) };
}

describe('inbox stores of the element', () => {
  it.each([
    ['a new notification goes on top', note(9), 'arrived', 'inbox', [9, 5, 3]],
    ['a woken one goes on top', note(1), 'arrived', 'inbox', [1, 5, 3]],
    ['one changed into the view goes before the first older id', note(4), 'changed', 'inbox', [5, 4, 3]],
    ['one older than the loaded pages waits for the next page', note(1), 'changed', 'inbox', [5, 3]],
    ['one read elsewhere is replaced in place', note(3, { read: true }), 'changed', 'inbox', [5, 3]],
    ['one archived elsewhere leaves the feed', note(5, { archived: true }), 'changed', 'inbox', [3]],
    ['one snoozed elsewhere leaves the feed', note(5, { snoozed_until: '2030-01-01T09:00:00.000Z' }), 'changed', 'inbox', [3]],
    ['a new one stays out of the archived view', note(9), 'arrived', 'archived', []],
  ] as const)('when %s, then the list is as the feed has it', async (_name, n, how, view, expected) => {
    const { stores, ids } = await loaded(view);
    stores.applyAll({ type: how, notification: n });
    expect(ids()).toEqual(expected);
    if (view === 'inbox') expect(stores.snapshot.items.find((i) => i.id === n.id)?.read ?? n.read).toBe(n.read);
  });

  it.each([
    ['the stream', (_stores: InboxStores, streams: SubscribeHandlers[]) => streams[0].updated!(note(5, { archived: true }), null)],
    ['a change made elsewhere', (s: InboxStores) => s.applyAll({ type: 'changed', notification: note(5, { archived: true }) })],
  ])('when an item leaves the view through %s, then it is no longer selected', async (_name, leave) => {
    const { stores, streams } = await loaded();
    leave(stores, streams);
    expect([...stores.selected]).toEqual([3]);
  });

  it('when a snooze is refused, then the item comes back where it was, even below the loaded pages', async () => {
    const { stores, ids } = await loaded();
    await stores.shown.loadMore();
    const pending = stores.shown.change(2, { snoozed_until: '2030-01-01T09:00:00.000Z' }, () => Promise.reject(refused));
    expect(ids()).toEqual([5, 3]);
    await pending;
    expect(ids()).toEqual([5, 3, 2]);
    expect(stores.snapshot.error).toBe(refused);
  });

  it('when tabs are given, then each has a store with its own count, a notification of another channel stays out of a tab, and one shared stream serves them all', async () => {
    const { stores, streams, ids } = await loaded('inbox', [
      { label: 'Mentions', filter: { channel: 'mentions' } },
      { label: 'Billing', filter: { channel: 'billing' } },
    ]);
    expect(streams).toHaveLength(1);
    expect(stores.tabCounts).toEqual([4, 1]);
    expect(stores.feedCounts).toEqual({ unread: 4, unseen: 4 });
    streams[0].notification!(note(9, { target: billing }), null);
    expect(ids()).toEqual([5, 3]);
    stores.show('inbox', 1);
    expect(ids()).toEqual([9]);
    expect(stores.selected.size).toBe(0);
    stores.stop();
    expect(streams).toHaveLength(0);
  });

  it('when the next page comes, then what is listed already is not listed twice and the end is known', async () => {
    const { stores, ids } = await loaded();
    await stores.shown.loadMore();
    expect(ids()).toEqual([5, 3, 2]);
    expect(stores.snapshot.hasMore).toBe(false);
  });

  it('when all is marked read in a tab elsewhere, then only what the tab shows is read', async () => {
    const { stores } = await loaded();
    stores.applyAll({ type: 'arrived', notification: note(9, { target: billing }) });
    stores.applyAll({ type: 'allRead', tab: { channel: 'mentions' } });
    expect(stores.snapshot.items.map((i) => [i.id, i.read])).toEqual([
      [9, false],
      [5, true],
      [3, true],
    ]);
  });
});
