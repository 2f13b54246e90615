import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

const mentions = { channel: 'mentions', topic: 'comments', event: 'mentioned' };
const orders = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const invoices = { channel: 'orders', topic: 'billing', event: 'invoiced' };

describe('tabs of the feed: channel, topic and event filters', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('tabs');
  });
  const as = (method: string, path: string) => call(method, path, { key: p.recipientKey });

  /** Sends one notification per target, in order, and waits until all are in the feed; returns their ids. */
  async function deliver(rid: string, targets: object[]): Promise<number[]> {
    const ids: number[] = [];
    for (const target of targets) {
      const sent = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: rid, target, payload: { title: 'x' } } });
      if (sent.status !== 201) throw new Error(`send answered ${sent.status} ${JSON.stringify(sent.body)}`);
      ids.push(sent.body.data.notification.id);
    }
    await eventually('every notification in the feed', async () => (await as('GET', `/recipients/${rid}/notifications`)).body.data?.notifications.length === targets.length);
    return ids;
  }
  const feedIds = async (rid: string, query: string) => (await as('GET', `/recipients/${rid}/notifications${query}`)).body.data.notifications.map((n: { id: number }) => n.id);
  const counts = async (rid: string, query: string) => (await as('GET', `/recipients/${rid}/notifications/counts${query}`)).body.data;

  it('when the feed and the counts name a channel, a topic or an event, then they show that tab only, each with its own counts', async () => {
    const rid = uniqueId('tab');
    const [m, o, i] = await deliver(rid, [mentions, orders, invoices]);
    expect(await feedIds(rid, '?channel=orders')).toEqual([i, o]);
    expect(await feedIds(rid, '?topic=shipping')).toEqual([o]);
    expect(await feedIds(rid, '?event=mentioned')).toEqual([m]);
    expect(await feedIds(rid, '?channel=orders&event=invoiced')).toEqual([i]);
    expect(await feedIds(rid, '?channel=orders&topic=comments')).toEqual([]);
    expect(await feedIds(rid, '?channel=orders&limit=1')).toEqual([i]);
    const page = (await as('GET', `/recipients/${rid}/notifications?channel=orders&limit=1`)).body.data.next_cursor;
    expect(await feedIds(rid, `?channel=orders&limit=1&cursor=${page}`)).toEqual([o]);
    expect(await counts(rid, '?channel=orders')).toEqual({ unread_count: 2, unseen_count: 2 });
    expect(await counts(rid, '?channel=mentions')).toEqual({ unread_count: 1, unseen_count: 1 });
    expect(await counts(rid, '')).toEqual({ unread_count: 3, unseen_count: 3 });
  });

  it('when a tab is marked read, seen or archived all at once, then only that tab changes', async () => {
    const rid = uniqueId('tab-mark');
    const [m, o, i] = await deliver(rid, [mentions, orders, invoices]);
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_seen?channel=orders`)).body.data).toEqual({ updated: 2 });
    expect(await counts(rid, '')).toEqual({ unread_count: 3, unseen_count: 1 });
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_read?topic=billing`)).body.data).toEqual({ updated: 1 });
    expect(await counts(rid, '?channel=orders')).toEqual({ unread_count: 1, unseen_count: 0 });
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_archived?channel=orders&read=true`)).body.data).toEqual({ updated: 1 });
    expect(await feedIds(rid, '')).toEqual([o, m]);
    expect(await feedIds(rid, '?archived=true&channel=orders')).toEqual([i]);
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_archived?event=mentioned`)).body.data).toEqual({ updated: 1 });
    expect(await feedIds(rid, '')).toEqual([o]);
    expect(await counts(rid, '?channel=mentions')).toEqual({ unread_count: 0, unseen_count: 0 });
  });

  it.each([
    ['an empty channel', '/notifications?channel='],
    ['a topic past the target field limit', `/notifications?topic=${'t'.repeat(300)}`],
    ['counts with an empty event', '/notifications/counts?event='],
  ])('when the tab filter is %s, then 400', async (_name, suffix) => {
    const rid = uniqueId('tab-bad');
    await deliver(rid, [mentions]);
    const res = await as('GET', `/recipients/${rid}${suffix}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
