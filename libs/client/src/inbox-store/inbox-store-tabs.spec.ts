import { HeraldClient, type FeedTab, type Notification } from '../client.js';
import type { SubscribeHandlers } from '../sse.js';
import { inboxApiOf, type InboxApi } from './inbox-api.js';
import { matchesFilter, tabOf, type InboxFilter } from './inbox-state.js';
import { createInboxStore } from './inbox-store.js';

const note = (id: number, target: Notification['target'], over: Partial<Notification> = {}): Notification =>
  ({ id, recipient_id: 'alice', payload: { title: `N${id}` }, target, read: false, seen: false, archived: false, action_taken: null, ...over }) as Notification;
const mention = { channel: 'mentions', topic: 'comments', event: 'comment.created' };
const billing = { channel: 'billing', topic: 'none', event: 'invoice.paid' };

/** A fake inbox API recording the tab of every counts and mark-all call; the counts depend on the tab asked. */
function fakeApi() {
  const calls: { page: unknown[]; counts: (FeedTab | undefined)[]; markAllRead: (FeedTab | undefined)[]; markAllSeen: (FeedTab | undefined)[] } = { page: [], counts: [], markAllRead: [], markAllSeen: [] };
  let handlers: SubscribeHandlers = {};
  const tabCounts = { unread_count: 1, unseen_count: 1 };
  const api: InboxApi = {
    page: async (query) => {
      calls.page.push(query);
      return { notifications: [note(2, mention)], next_cursor: null };
    },
    counts: async (tab) => {
      calls.counts.push(tab);
      return tab?.channel ? tabCounts : { unread_count: 5, unseen_count: 5 };
    },
    update: async () => note(2, mention),
    markAllRead: async (tab) => calls.markAllRead.push(tab),
    markAllSeen: async (tab) => calls.markAllSeen.push(tab),
    subscribe: (h) => {
      handlers = h;
      return { close: () => undefined, lastEventId: null, state: 'open' };
    },
  };
  return { api, calls, tabCounts, stream: () => handlers };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('inbox store tabs', () => {
  it.each([
    ['no tab: any target', {}, mention, true],
    ['the channel of the target', { channel: 'mentions' }, mention, true],
    ['another channel', { channel: 'mentions' }, billing, false],
    ['channel and event both match', { channel: 'mentions', event: 'comment.created' }, mention, true],
    ['the channel matches, the event does not', { channel: 'mentions', event: 'comment.edited' }, mention, false],
    ['the topic alone', { topic: 'none' }, billing, true],
    ['all three', { channel: 'billing', topic: 'none', event: 'invoice.paid' }, billing, true],
    ['a tab and no target (a notification without one)', { channel: 'mentions' }, null, false],
    ['the tab matches but the view is the archived one', { channel: 'mentions', archived: true }, mention, false],
  ] as const)('when the filter is %s, then matchesFilter says so', (_name, filter, target, expected) => {
    expect(matchesFilter(note(1, target), filter)).toBe(expected);
  });

  it.each([
    [{}, {}],
    [{ archived: true, read: false }, {}],
    [{ channel: 'mentions', archived: true }, { channel: 'mentions' }],
    [{ topic: 'comments', event: 'comment.created', read: true }, { topic: 'comments', event: 'comment.created' }],
  ] as [InboxFilter, FeedTab][])('when the filter is %j, then its tab is %j', (filter, tab) => {
    expect(tabOf(filter)).toEqual(tab);
  });

  it.each([
    ['a channel', { channel: 'mentions' }],
    ['a channel and an event', { channel: 'mentions', event: 'comment.created' }],
    ['a topic', { topic: 'comments' }],
  ] as const)('when the store shows the tab of %s, then the feed, the counts and the mark-all calls carry it', async (_name, tab) => {
    const fake = fakeApi();
    const store = createInboxStore(fake.api, { filter: { ...tab } });
    store.start();
    await flush();
    expect(fake.calls.page).toEqual([{ limit: 20, filter: tab }]);
    expect(fake.calls.counts).toEqual([tab]);
    await store.markAllRead();
    await store.markAllSeen();
    expect(fake.calls.markAllRead).toEqual([tab]);
    expect(fake.calls.markAllSeen).toEqual([tab]);
  });

  it('when a tab is live, then a notification of another channel stays out and the stream counts are read back for the tab', async () => {
    const fake = fakeApi();
    const store = createInboxStore(fake.api, { filter: { channel: 'mentions' } });
    store.start();
    await flush();
    fake.stream().notification!(note(3, billing), 9);
    fake.stream().notification!(note(4, mention), 9);
    expect(store.getSnapshot().items.map((i) => i.id)).toEqual([4, 2]);
    fake.tabCounts.unread_count = 2;
    fake.stream().unreadCount!(9, 9);
    expect(store.getSnapshot().counts).toEqual({ unread: 1, unseen: 1 });
    await flush();
    expect(store.getSnapshot().counts).toEqual({ unread: 2, unseen: 1 });
    expect(fake.calls.counts).toEqual([{ channel: 'mentions' }, { channel: 'mentions' }]);
  });

  it('when the whole feed is shown, then the counts and mark-all calls name no tab and the stream counts are taken as they come', async () => {
    const fake = fakeApi();
    const store = createInboxStore(fake.api);
    store.start();
    await flush();
    fake.stream().unreadCount!(9, 8);
    expect(store.getSnapshot().counts).toEqual({ unread: 9, unseen: 8 });
    await store.markAllRead();
    expect(fake.calls.counts).toEqual([{}]);
    expect(fake.calls.markAllRead).toEqual([{}]);
  });

  it('when the API is a client, then the tab goes in the feed, counts and mark-all queries', async () => {
    const seen: string[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      seen.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify({ data: { notifications: [], next_cursor: null, unread_count: 0, unseen_count: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const api = inboxApiOf(new HeraldClient({ baseUrl: 'http://herald.test', apiKey: 'nk_tok_t', fetch }), 'alice');
    await api.page({ limit: 5, filter: { channel: 'mentions', event: 'comment.created' } });
    await api.counts({ channel: 'mentions' });
    await api.markAllRead({ topic: 'comments' });
    await api.markAllSeen({ event: 'comment.created' });
    expect(seen).toEqual([
      'GET http://herald.test/recipients/alice/notifications?limit=5&channel=mentions&event=comment.created',
      'GET http://herald.test/recipients/alice/notifications/counts?channel=mentions',
      'POST http://herald.test/recipients/alice/notifications/mark_all_read?topic=comments',
      'POST http://herald.test/recipients/alice/notifications/mark_all_seen?event=comment.created',
    ]);
  });
});
