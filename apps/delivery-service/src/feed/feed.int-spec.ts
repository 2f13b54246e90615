import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectMongo, connectNats } from '@herald/service-kit';
import { errorOf } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { sendSettled } from '../testing/send-settled';
import { eventually } from '@herald/testing';

const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const target = { channel: 'c', topic: 't', event: 'e' };

jest.setTimeout(30_000);

describe('delivery service: the recipient feed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  /** Sends n in-app notifications and waits until every one is settled; returns their ids in send order. */
  const sendAll = (project: bigint, recipientId: string, n: number) => sendSettled(h, { projectId: project, settings, recipientId, target }, n);

  it('when a recipient has delivered, suppressed and email-only notifications, then the feed lists only delivered ones, newest first, in pages', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'fay', 5);
    h.peers.muted.add(`${project}|fay|in_app`);
    const muted = await sendAll(project, 'fay', 1);
    await h.client.send({ projectId: project, settings, recipientId: 'fay', email: { subject: 's', html: 'h' } });
    const page1 = await h.client.listFeed({ projectId: project, recipientId: 'fay', limit: 3 });
    expect(page1.notifications.map((n) => n.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(page1.nextCursor).not.toBe('');
    const page2 = await h.client.listFeed({ projectId: project, recipientId: 'fay', limit: 3, cursor: page1.nextCursor });
    expect(page2.notifications.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect(page2.nextCursor).toBe('');
    expect(page1.notifications.concat(page2.notifications).some((n) => n.id === muted[0])).toBe(false);
    expect(Number((await h.client.unreadCount({ projectId: project, recipientId: 'fay' })).unreadCount)).toBe(5);
  });

  it('when notifications are read, opened and all marked read, then the count and the read filter follow', async () => {
    const project = h.project();
    const ids = await sendAll(project, 'gus', 3);
    const upd = await h.client.updateNotification({ projectId: project, recipientId: 'gus', id: ids[0], read: true, opened: true });
    expect(upd.notification).toMatchObject({ read: true, opened: true });
    expect(Number((await h.client.unreadCount({ projectId: project, recipientId: 'gus' })).unreadCount)).toBe(2);
    expect((await h.client.listFeed({ projectId: project, recipientId: 'gus', limit: 10, read: true })).notifications.map((n) => n.id)).toEqual([ids[0]]);
    expect((await h.client.listFeed({ projectId: project, recipientId: 'gus', limit: 10, read: false })).notifications).toHaveLength(2);
    expect(Number((await h.client.markAllRead({ projectId: project, recipientId: 'gus' })).updated)).toBe(2);
    expect(Number((await h.client.unreadCount({ projectId: project, recipientId: 'gus' })).unreadCount)).toBe(0);
  });

  it('when the recipient or the notification is unknown, then recipient_not_found or notification_not_found', async () => {
    const project = h.project();
    expect((await errorOf(h.client.listFeed({ projectId: project, recipientId: 'nobody', limit: 10 }))).code).toBe('recipient_not_found');
    expect((await errorOf(h.client.unreadCount({ projectId: project, recipientId: 'nobody' }))).code).toBe('recipient_not_found');
    const [id] = await sendAll(project, 'hal', 1);
    expect((await errorOf(h.client.updateNotification({ projectId: project, recipientId: 'hal', id: id + 1000n, read: true }))).code).toBe('notification_not_found');
    // another recipient's notification is not this one's
    h.peers.addRecipients(project, ['ivy']);
    expect((await errorOf(h.client.updateNotification({ projectId: project, recipientId: 'ivy', id, read: true }))).code).toBe('notification_not_found');
    // another project's notification is unknown
    expect((await errorOf(h.client.getNotification({ projectId: h.project(), id }))).code).toBe('notification_not_found');
  });

  it('when the recipient-deleted event was published before the read began, then every read answers recipient_not_found at once, with the cache warm', async () => {
    const project = h.project();
    const nc = await connectNats(h.natsUrl, 'test-publisher');
    try {
      for (let round = 0; round < 10; round++) {
        const rid = `erased-${round}`;
        const [id] = await sendAll(project, rid, 1);
        // Warm the presence cache: these reads succeed and are remembered.
        expect((await h.client.listFeed({ projectId: project, recipientId: rid, limit: 10 })).notifications).toHaveLength(1);
        expect((await h.client.unreadCount({ projectId: project, recipientId: rid })).unreadCount).toBe(1n);
        // The recipient service's order: mark deleting (reads answer not found), publish, then answer.
        const seq = h.peers.removeRecipient(project, rid);
        const ev = create(RecipientDeletedSchema, { projectId: project, recipientId: rid, recipientSeq: BigInt(seq), deletedAt: timestampFromDate(new Date()) });
        await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, ev), { msgID: `test-erase-${project}-${round}` });
        await nc.flush(); // as the recipient service does after publishing: the event has reached every subscriber
        const [feed, count, byId] = await Promise.all([
          errorOf(h.client.listFeed({ projectId: project, recipientId: rid, limit: 10 })),
          errorOf(h.client.unreadCount({ projectId: project, recipientId: rid })),
          errorOf(h.client.getNotification({ projectId: project, id })),
        ]);
        expect([feed.code, count.code, byId.code]).toEqual(['recipient_not_found', 'recipient_not_found', 'notification_not_found']);
      }
    } finally {
      await nc.close();
    }
  });

  it('when the recipient-deleted event arrives, then the recipient\'s notifications are removed', async () => {
    const project = h.project();
    const [id] = await sendAll(project, 'jay', 1);
    const nc = await connectNats(h.natsUrl, 'test-publisher');
    const ev = create(RecipientDeletedSchema, { projectId: project, recipientId: 'jay', deletedAt: timestampFromDate(new Date()) });
    await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, ev), { msgID: `test-del-${project}` });
    await nc.close();
    await eventually('the notification gone', async () => (await errorOf(h.client.getNotification({ projectId: project, id }))).code === 'notification_not_found');
  });

  it('when the store still has the older feed_unread index, then a starting replica replaces it by feed_unread_by_id and the unread page stays newest first', async () => {
    const mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    try {
      const col = mongo.db.collection('notifications');
      await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, read: 1 }, { name: 'feed_unread' });
      await h.startReplica(); // closed with the harness
      const names = (await col.indexes()).map((i) => [i.name, JSON.stringify(i.key)]);
      expect(names).toContainEqual(['feed_unread_by_id', JSON.stringify({ project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 })]);
      expect(names.map(([n]) => n)).not.toContain('feed_unread');
      const project = h.project();
      const ids = await sendAll(project, 'ivy2', 4);
      await h.client.updateNotification({ projectId: project, recipientId: 'ivy2', id: ids[2], read: true });
      const unread = await h.client.listFeed({ projectId: project, recipientId: 'ivy2', limit: 2, read: false });
      expect(unread.notifications.map((n) => n.id)).toEqual([ids[3], ids[1]]);
      const rest = await h.client.listFeed({ projectId: project, recipientId: 'ivy2', limit: 2, read: false, cursor: unread.nextCursor });
      expect(rest.notifications.map((n) => n.id)).toEqual([ids[0]]);
    } finally {
      await mongo.close();
    }
  });

  it('when the store holds feed_archived_by_id without its partial filter, then a starting replica makes it partial and the archived page stays right', async () => {
    const mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    try {
      const col = mongo.db.collection('notifications');
      await col.dropIndex('feed_archived_by_id');
      await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, archived: 1, _id: -1 }, { name: 'feed_archived_by_id' });
      await h.startReplica(); // closed with the harness
      const archivedIndex = (await col.indexes()).find((i) => i.name === 'feed_archived_by_id');
      expect(archivedIndex?.partialFilterExpression).toEqual({ archived: { $exists: true } });
      const project = h.project();
      const ids = await sendAll(project, 'ada2', 4);
      for (const id of [ids[0], ids[2]]) await h.client.updateNotification({ projectId: project, recipientId: 'ada2', id, archived: true });
      await h.client.updateNotification({ projectId: project, recipientId: 'ada2', id: ids[2], archived: false });
      const archived = await h.client.listFeed({ projectId: project, recipientId: 'ada2', limit: 5, archived: true });
      expect(archived.notifications.map((n) => n.id)).toEqual([ids[0]]);
      const feed = await h.client.listFeed({ projectId: project, recipientId: 'ada2', limit: 5 });
      expect(feed.notifications.map((n) => n.id)).toEqual([ids[3], ids[2], ids[1]]);
    } finally {
      await mongo.close();
    }
  });
});
