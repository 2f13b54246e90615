import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { errorOf, eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';
import { outcomeEventsOf } from '../testing/time-aware';

const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const target = { channel: 'c', topic: 't', event: 'e' };
const HOUR = 3_600_000;

jest.setTimeout(60_000);

/** Snoozed notifications leave the feed and the counts, and come back as new when due (the service's clock is moved there). */
describe('delivery service: snoozed notifications', () => {
  let h: Harness;
  let nc: NatsConnection;
  let mongo: MongoHandle;
  const clock = createMovableClock();
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '100', TIMER_MAX_PENDING_PER_PROJECT: '3' }, { clock });
    nc = await connectNats(h.natsUrl, 'test-snooze');
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await nc?.close();
    await mongo?.close();
    await h?.close();
  });

  async function sendAll(project: bigint, recipientId: string, n: number): Promise<bigint[]> {
    const ids: bigint[] = [];
    for (let i = 0; i < n; i++) ids.push((await h.client.send({ projectId: project, settings, recipientId, target, payloadJson: JSON.stringify({ i }) })).notification!.id);
    await eventually('every send delivered', async () => {
      const all = await Promise.all(ids.map((id) => h.client.getNotification({ projectId: project, id })));
      return all.every((r) => r.notification!.status === 'delivered');
    });
    return ids;
  }
  const counts = async (project: bigint, recipientId: string) => {
    const r = await h.client.unreadCount({ projectId: project, recipientId });
    return { unread: Number(r.unreadCount), unseen: Number(r.unseenCount) };
  };
  const feedIds = async (project: bigint, recipientId: string) => (await h.client.listFeed({ projectId: project, recipientId, limit: 10 })).notifications.map((n) => n.id);
  const inHours = (n: number) => timestampFromDate(new Date(clock.now() + n * HOUR));

  it('when a notification is snoozed, then it leaves the feed and the counts, and when due it comes back unread and unseen, announced', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'sue', 3);
    await h.client.updateNotification({ projectId: project, recipientId: 'sue', id: ids[0], read: true });
    const until = inHours(1);
    const snoozed = (await h.client.updateNotification({ projectId: project, recipientId: 'sue', id: ids[0], snoozedUntil: until })).notification!;
    expect(timestampDate(snoozed.snoozedUntil!).getTime()).toBe(timestampDate(until).getTime());
    expect(await feedIds(project, 'sue')).toEqual([ids[2], ids[1]]);
    expect(await counts(project, 'sue')).toEqual({ unread: 2, unseen: 2 });
    clock.advance(HOUR + 1_000);
    await eventually('the snoozed notification back in the feed', async () => (await feedIds(project, 'sue')).length === 3);
    // Back on top, as of its wake (woken-order.int-spec.ts).
    expect(await feedIds(project, 'sue')).toEqual([ids[0], ids[2], ids[1]]);
    const woken = (await h.client.getNotification({ projectId: project, id: ids[0] })).notification!;
    expect(woken).toMatchObject({ read: false, seen: false });
    expect(woken.snoozedUntil).toBeUndefined();
    expect(await counts(project, 'sue')).toEqual({ unread: 3, unseen: 3 });
    const events = (await outcomeEventsOf(nc, project)).filter((e) => e.notification?.id === ids[0]).map((e) => e.type);
    expect(events).toEqual(['notification.delivered', 'notification.read', 'notification.snoozed', 'notification.unsnoozed']);
  });

  it('when a snooze is replaced, ended early or followed by an archive, then only the last one counts', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'tom', 3);
    await h.client.updateNotifications({ projectId: project, recipientId: 'tom', ids: [ids[0], ids[1]], snoozedUntil: inHours(1) });
    expect(await feedIds(project, 'tom')).toEqual([ids[2]]);
    // ids[0]: snoozed again, for longer; ids[1]: archived (its snooze ends); then ids[0] ended early.
    await h.client.updateNotification({ projectId: project, recipientId: 'tom', id: ids[0], snoozedUntil: inHours(5) });
    await h.client.updateNotification({ projectId: project, recipientId: 'tom', id: ids[1], archived: true });
    const snoozeTimers = () => mongo.db.collection('timers').find({ project_id: Number(project), kind: 'snooze' }).toArray();
    // The replaced snooze's timer is gone; the archived one's fires and finds nothing to wake.
    expect((await snoozeTimers()).map((t) => t.ref).sort()).toEqual([Number(ids[0]), Number(ids[1])]);
    clock.advance(HOUR + 1_000);
    await eventually('the first hour\'s snooze timer fired', async () => (await snoozeTimers()).length === 1);
    expect(await feedIds(project, 'tom')).toEqual([ids[2]]);
    expect(await counts(project, 'tom')).toEqual({ unread: 1, unseen: 1 });
    const ended = (await h.client.updateNotification({ projectId: project, recipientId: 'tom', id: ids[0], unsnooze: true })).notification!;
    expect(ended.snoozedUntil).toBeUndefined();
    expect(await feedIds(project, 'tom')).toEqual([ids[2], ids[0]]);
    expect((await h.client.listFeed({ projectId: project, recipientId: 'tom', limit: 10, archived: true })).notifications.map((n) => n.id)).toEqual([ids[1]]);
  });

  it.each([
    ['in the past', -1],
    ['more than 90 days ahead', 90 * 24 + 1],
  ])('when snoozed_until is %s, then InvalidArgument naming snoozed_until and nothing changes', async (_name, hours) => {
    const project = h.project();
    const [id] = await sendAll(project, 'val', 1);
    const err = await errorOf(h.client.updateNotification({ projectId: project, recipientId: 'val', id, read: true, snoozedUntil: inHours(hours) }));
    expect(err).toMatchObject({ code: 'validation_failed', violations: [expect.objectContaining({ property_path: 'snoozed_until' })] });
    const unchanged = (await h.client.getNotification({ projectId: project, id })).notification!;
    expect(unchanged.read).toBe(false);
    expect(unchanged.snoozedUntil).toBeUndefined();
  });

  it('when snoozes pass the project\'s pending timer cap, then too_many_pending_timers and nothing changes', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'cap', 4);
    await h.client.updateNotifications({ projectId: project, recipientId: 'cap', ids: ids.slice(0, 3), snoozedUntil: inHours(2) });
    const err = await errorOf(h.client.updateNotification({ projectId: project, recipientId: 'cap', id: ids[3], snoozedUntil: inHours(2) }));
    expect(err).toMatchObject({ code: 'too_many_pending_timers' });
    expect(await feedIds(project, 'cap')).toEqual([ids[3]]);
  });
});
