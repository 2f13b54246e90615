import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';

const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const HOUR = 3_600_000;

jest.setTimeout(90_000);

/** A woken notification's place in the feed: on top as of its wake, across pages, counts, filters and fresh reads. */
describe('delivery service: the feed order of woken notifications', () => {
  let h: Harness;
  let mongo: MongoHandle;
  const clock = createMovableClock();
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '100' }, { clock });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo?.close();
    await h?.close();
  });

  async function sendAll(project: bigint, recipientId: string, channels: string[]): Promise<bigint[]> {
    const ids: bigint[] = [];
    for (const [i, channel] of channels.entries()) {
      ids.push((await h.client.send({ projectId: project, settings, recipientId, target: { channel, topic: 't', event: 'e' }, payloadJson: JSON.stringify({ i }) })).notification!.id);
    }
    await eventually('every send delivered', async () => {
      const all = await Promise.all(ids.map((id) => h.client.getNotification({ projectId: project, id })));
      return all.every((r) => r.notification!.status === 'delivered');
    });
    return ids;
  }
  const inHours = (n: number) => timestampFromDate(new Date(clock.now() + n * HOUR));
  const snooze = (project: bigint, recipientId: string, ids: bigint[], hours: number) => h.client.updateNotifications({ projectId: project, recipientId, ids, snoozedUntil: inHours(hours) });
  const isAwake = async (project: bigint, id: bigint) => (await h.client.getNotification({ projectId: project, id })).notification!.snoozedUntil === undefined;
  async function wakeAfter(project: bigint, hours: number, ids: bigint[]): Promise<void> {
    clock.advance(hours * HOUR + 1_000);
    await eventually('the snoozes ended', async () => (await Promise.all(ids.map((id) => isAwake(project, id)))).every(Boolean));
  }
  const page = async (project: bigint, recipientId: string, q: { limit: number; cursor?: string; read?: boolean; filter?: { channel?: string } }) => {
    const r = await h.client.listFeed({ projectId: project, recipientId, ...q });
    return { ids: r.notifications.map((n) => n.id), next: r.nextCursor };
  };
  const feedIds = async (project: bigint, recipientId: string) => (await page(project, recipientId, { limit: 50 })).ids;

  it('when a snoozed notification wakes, then a fresh read has it on top, later sends above it, and the never-woken ones in id order', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'ann', ['a', 'b', 'a']);
    await snooze(project, 'ann', [ids[0]], 1);
    await wakeAfter(project, 1, [ids[0]]);
    expect(await feedIds(project, 'ann')).toEqual([ids[0], ids[2], ids[1]]);
    const [later] = await sendAll(project, 'ann', ['a']);
    expect(await feedIds(project, 'ann')).toEqual([later, ids[0], ids[2], ids[1]]);
    // The never-woken documents carry no feed_order (as every document stored before it): they sort by id.
    const stored = await mongo.db.collection('notifications').find({ project_id: Number(project) }).toArray();
    expect(stored.filter((d) => d.feed_order !== undefined).map((d) => d._id)).toEqual([Number(ids[0])]);
  });

  it('when notifications wake between the reads of pages, then no page skips or repeats what the feed had, and a fresh read has them on top', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'bob', ['a', 'a', 'a', 'a', 'a', 'a']);
    await snooze(project, 'bob', [ids[1]], 1);
    await snooze(project, 'bob', [ids[3]], 2);
    const first = await page(project, 'bob', { limit: 2 });
    expect(first.ids).toEqual([ids[5], ids[4]]);
    await wakeAfter(project, 1, [ids[1]]);
    const second = await page(project, 'bob', { limit: 2, cursor: first.next });
    expect(second.ids).toEqual([ids[2], ids[0]]);
    expect(second.next).toBe('');
    // Read afresh: the woken one on top; its key is the cursor of a one-item page, and the pages
    // go on below it while another one wakes.
    const top = await page(project, 'bob', { limit: 1 });
    expect(top.ids).toEqual([ids[1]]);
    await wakeAfter(project, 1, [ids[3]]);
    const seen = [...top.ids];
    for (let cursor = top.next; cursor !== ''; ) {
      const next = await page(project, 'bob', { limit: 2, cursor });
      seen.push(...next.ids);
      cursor = next.next;
    }
    expect(seen).toEqual([ids[1], ids[5], ids[4], ids[2], ids[0]]);
    expect(await feedIds(project, 'bob')).toEqual([ids[3], ids[1], ids[5], ids[4], ids[2], ids[0]]);
  });

  it('when a woken notification is in the unread page, a tab and the counts, then it is on top there too, and mark-all-read reaches it', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'cat', ['a', 'b', 'a', 'b']);
    await h.client.updateNotifications({ projectId: project, recipientId: 'cat', ids: [ids[0], ids[2]], read: true });
    await snooze(project, 'cat', [ids[0]], 1);
    await wakeAfter(project, 1, [ids[0]]);
    expect((await page(project, 'cat', { limit: 10, read: false })).ids).toEqual([ids[0], ids[3], ids[1]]);
    expect((await page(project, 'cat', { limit: 10, filter: { channel: 'a' } })).ids).toEqual([ids[0], ids[2]]);
    expect((await page(project, 'cat', { limit: 10, filter: { channel: 'b' } })).ids).toEqual([ids[3], ids[1]]);
    const tabPage = await page(project, 'cat', { limit: 1, filter: { channel: 'a' } });
    expect((await page(project, 'cat', { limit: 1, filter: { channel: 'a' }, cursor: tabPage.next })).ids).toEqual([ids[2]]);
    expect(Number((await h.client.unreadCount({ projectId: project, recipientId: 'cat' })).unreadCount)).toBe(3);
    await h.client.markAllRead({ projectId: project, recipientId: 'cat', filter: { channel: 'a' } });
    expect((await page(project, 'cat', { limit: 10, read: true })).ids).toEqual([ids[0], ids[2]]);
    expect(Number((await h.client.unreadCount({ projectId: project, recipientId: 'cat' })).unreadCount)).toBe(2);
  });

  it('when a woken notification is snoozed again and ended early, or archived, then it keeps its woken place or leaves the feed', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'dan', ['a', 'a', 'a']);
    await snooze(project, 'dan', [ids[0], ids[1]], 1);
    await wakeAfter(project, 1, [ids[0], ids[1]]);
    const woken = await feedIds(project, 'dan');
    expect(woken.slice(2)).toEqual([ids[2]]);
    await snooze(project, 'dan', [woken[0]], 5);
    await h.client.updateNotification({ projectId: project, recipientId: 'dan', id: woken[0], unsnooze: true });
    expect(await feedIds(project, 'dan')).toEqual(woken);
    await h.client.updateNotification({ projectId: project, recipientId: 'dan', id: woken[1], archived: true });
    expect(await feedIds(project, 'dan')).toEqual([woken[0], ids[2]]);
    expect((await h.client.listFeed({ projectId: project, recipientId: 'dan', limit: 10, archived: true })).notifications.map((n) => n.id)).toEqual([woken[1]]);
  });
});
