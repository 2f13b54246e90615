import { connectMongo } from '@herald/service-kit';
import { errorOf } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { sendSettled } from '../testing/send-settled';

const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const target = { channel: 'c', topic: 't', event: 'e' };

jest.setTimeout(30_000);

describe('delivery service: seen and archived notifications', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  /** Sends n in-app notifications and waits until every one is settled; returns their ids in send order. */
  const sendAll = (project: bigint, recipientId: string, n: number) => sendSettled(h, { projectId: project, settings, recipientId, target }, n);
  const counts = async (project: bigint, recipientId: string) => {
    const r = await h.client.unreadCount({ projectId: project, recipientId });
    return { unread: Number(r.unreadCount), unseen: Number(r.unseenCount) };
  };
  const feedIds = async (project: bigint, recipientId: string, archived?: boolean) =>
    (await h.client.listFeed({ projectId: project, recipientId, limit: 10, archived })).notifications.map((n) => n.id);

  it('when notifications are seen one by one and all at once, then the unseen count follows and the unread count stays', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'sam', 3);
    expect(await counts(project, 'sam')).toEqual({ unread: 3, unseen: 3 });
    const upd = await h.client.updateNotification({ projectId: project, recipientId: 'sam', id: ids[0], seen: true });
    expect(upd.notification).toMatchObject({ seen: true, read: false, archived: false });
    expect(await counts(project, 'sam')).toEqual({ unread: 3, unseen: 2 });
    expect(Number((await h.client.markAllSeen({ projectId: project, recipientId: 'sam' })).updated)).toBe(2);
    expect(await counts(project, 'sam')).toEqual({ unread: 3, unseen: 0 });
    expect(Number((await h.client.markAllSeen({ projectId: project, recipientId: 'sam' })).updated)).toBe(0);
  });

  it('when a notification is archived and unarchived, then it leaves the default feed and the counts, shows in the archived feed, and comes back', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'ann', 3);
    const upd = await h.client.updateNotification({ projectId: project, recipientId: 'ann', id: ids[1], archived: true });
    expect(upd.notification).toMatchObject({ archived: true, seen: true, read: false });
    expect(await feedIds(project, 'ann')).toEqual([ids[2], ids[0]]);
    expect(await feedIds(project, 'ann', true)).toEqual([ids[1]]);
    expect(await counts(project, 'ann')).toEqual({ unread: 2, unseen: 2 });
    await h.client.updateNotification({ projectId: project, recipientId: 'ann', id: ids[1], archived: false });
    expect(await feedIds(project, 'ann')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await counts(project, 'ann')).toEqual({ unread: 3, unseen: 2 });
  });

  it('when the read notifications are archived all at once, then the unread ones stay', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'ria', 3);
    await h.client.updateNotification({ projectId: project, recipientId: 'ria', id: ids[2], read: true });
    expect(Number((await h.client.markAllArchived({ projectId: project, recipientId: 'ria', read: true })).updated)).toBe(1);
    expect(await feedIds(project, 'ria')).toEqual([ids[1], ids[0]]);
    expect(await feedIds(project, 'ria', true)).toEqual([ids[2]]);
    expect(Number((await h.client.markAllArchived({ projectId: project, recipientId: 'ria' })).updated)).toBe(2);
    expect(await counts(project, 'ria')).toEqual({ unread: 0, unseen: 0 });
  });

  it('when the newest notifications are archived, then a default page is still full and its cursor continues below them', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'pia', 6);
    await h.client.updateNotifications({ projectId: project, recipientId: 'pia', ids: [ids[5], ids[4], ids[3]], archived: true });
    const page = await h.client.listFeed({ projectId: project, recipientId: 'pia', limit: 2 });
    expect(page.notifications.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    const rest = await h.client.listFeed({ projectId: project, recipientId: 'pia', limit: 2, cursor: page.nextCursor });
    expect(rest.notifications.map((n) => n.id)).toEqual([ids[0]]);
  });

  it('when a bulk update names another recipient\'s notification, then that item alone fails and the others change', async () => {
    const project = h.project();
    const mine = await sendAll(project, 'bo', 2);
    const [theirs] = await sendAll(project, 'cy', 1);
    const res = await h.client.updateNotifications({ projectId: project, recipientId: 'bo', ids: [mine[0], theirs, mine[1]], read: true });
    expect(res.results.map((r) => [r.id, r.notification?.read])).toEqual([[mine[0], true], [theirs, undefined], [mine[1], true]]);
    expect((await h.client.getNotification({ projectId: project, id: theirs })).notification!.read).toBe(false);
    expect(await counts(project, 'bo')).toEqual({ unread: 0, unseen: 2 });
  });

  it('when a bulk update names more than 100 ids, then invalid_argument and nothing changes', async () => {
    const project = h.project();
    const [id] = await sendAll(project, 'dee', 1);
    const ids = [id, ...Array.from({ length: 100 }, (_, i) => id + BigInt(i + 1))];
    expect((await errorOf(h.client.updateNotifications({ projectId: project, recipientId: 'dee', ids, archived: true }))).code).toBe('validation_failed');
    expect(await feedIds(project, 'dee')).toEqual([id]);
  });

  it('when stored documents have no seen or archived field, then they count as not seen and not archived', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'old', 2);
    const mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    try {
      await mongo.db.collection('notifications').updateMany({ _id: { $in: ids.map(Number) } as never }, { $unset: { seen: '', archived: '' } });
    } finally {
      await mongo.close();
    }
    expect(await counts(project, 'old')).toEqual({ unread: 2, unseen: 2 });
    expect(await feedIds(project, 'old')).toEqual([ids[1], ids[0]]);
    expect(Number((await h.client.markAllSeen({ projectId: project, recipientId: 'old' })).updated)).toBe(2);
  });
});
