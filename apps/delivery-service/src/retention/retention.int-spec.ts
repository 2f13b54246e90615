import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { createRetentionSweep, WEBHOOK_DELIVERY_RETENTION_MS } from './retention-sweeper';
import { createErasureRepository } from './erasure-repository';
import { createRemoveRecipientNotifications } from './remove-recipient-notifications';
import { createMobilePushAttempts } from '../outbound';
import { createDigestRepository } from '../scheduling';
import { createBroadcastRepository, type BroadcastDoc } from '../kernel/store/broadcast-repository';
import { createNotificationRepository, type NotificationDoc } from '../kernel/store/notification-repository';
import { createDeliveryLogRepository, type WebhookDeliveryDoc } from '../webhooks';
import { startHarness } from '../testing/harness';
import { eventually } from '@herald/testing';

const DAY = 24 * 3600_000;
// Far in the future: a TTL index on MongoDB must not remove these documents while the test runs.
const T0 = new Date('2100-01-01T00:00:00Z');

const notification = (id: number, createdAt: Date, retentionDays: number | null, recipient = 'r1'): NotificationDoc => ({
  _id: id,
  project_id: 1,
  recipient_id: recipient,
  broadcast_id: null,
  target: null,
  payload_json: '{}',
  read: false,
  opened: false,
  status: 'delivered',
  email: { status: 'not_requested', reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null },
  email_content: null,
  settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null, retentionDays },
  created_at: createdAt,
  updated_at: createdAt,
});

describe('retention (real store, injected clock)', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_retention_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
  });

  it('when the clock passes a notification\'s retention, then it is gone (feed and unread count together) and fresh or forever ones stay', async () => {
    const notifications = createNotificationRepository(mongo.db);
    await notifications.ensureIndexes();
    await notifications.insertDecided([
      notification(1, T0, 1),
      notification(2, new Date(T0.getTime() + 2 * DAY), 1),
      notification(3, T0, null),
      notification(4, T0, 365),
    ]);
    const col = mongo.db.collection<NotificationDoc>('notifications');
    expect((await col.findOne({ _id: 1 }))!.expires_at).toEqual(new Date(T0.getTime() + DAY));
    expect((await col.findOne({ _id: 3 }))!.expires_at).toBeNull();
    let now = new Date(T0.getTime() + DAY + 1000);
    const sweep = createRetentionSweep({ now: () => now, settings: { batchSize: 100, pauseMs: 0, maxBatchesPerPass: 10 }, steps: [{ name: 'n', prune: notifications.pruneExpired }] });
    const unread = () => col.countDocuments({ project_id: 1, recipient_id: 'r1', status: 'delivered', read: false });
    expect(await unread()).toBe(4);
    expect(await sweep()).toBe(1);
    expect((await col.find().toArray()).map((d) => d._id).sort()).toEqual([2, 3, 4]);
    expect(await unread()).toBe(3);
    now = new Date(T0.getTime() + 400 * DAY);
    expect(await sweep()).toBe(2);
    expect((await col.find().toArray()).map((d) => d._id)).toEqual([3]);
  });

  it('when many records expire, then each delete is one bounded batch, a pass does at most its batches, and the next pass continues', async () => {
    const notifications = createNotificationRepository(mongo.db);
    await notifications.insertDecided(Array.from({ length: 25 }, (_, i) => notification(100 + i, T0, 1, 'bulk')));
    const batches: number[] = [];
    const sleeps: number[] = [];
    const step = { name: 'n', prune: async (now: Date, batch: number) => {
      const n = await notifications.pruneExpired(now, batch);
      batches.push(n);
      return n;
    } };
    const now = new Date(T0.getTime() + 2 * DAY);
    const sweep = createRetentionSweep({ now: () => now, settings: { batchSize: 10, pauseMs: 50, maxBatchesPerPass: 2 }, steps: [step], sleep: async (ms) => void sleeps.push(ms) });
    expect(await sweep()).toBe(20);
    expect(batches).toEqual([10, 10]);
    expect(sleeps).toEqual([50, 50]);
    expect(await sweep()).toBe(5);
    expect(batches).toEqual([10, 10, 5]);
    expect(await mongo.db.collection('notifications').countDocuments({ recipient_id: 'bulk' })).toBe(0);
  });

  it('when a broadcast expires, then its chunks and progress go with it; webhook deliveries go after 30 days', async () => {
    const broadcasts = createBroadcastRepository(mongo.db);
    await broadcasts.ensureIndexes();
    const b = (id: number, days: number | null): BroadcastDoc => ({
      _id: id, project_id: 1, target: { channel: 'c', topic: 't', event: 'e' }, payload_json: '{}', email_content: null,
      settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null, retentionDays: days },
      status: 'completed', cursor: '', chunks_published: 1, fanout_done: true, recipients_total: 1, notifications_created: 1, email: null, email_eligible: 0, created_at: T0, updated_at: T0,
    });
    await broadcasts.insert(b(1, 1));
    await broadcasts.insert(b(2, null));
    for (const id of [1, 2]) await broadcasts.recordChunkDone(id, 0, { created: 1, eligible: 0, emailIds: [], emailsPublished: true });
    const deliveries = createDeliveryLogRepository(mongo.db);
    await deliveries.ensureIndexes();
    const d = (id: number, createdAt: Date) => ({ _id: id, project_id: 1, webhook_id: 1, event_id: `e${id}`, event_type: 'email.sent', body: '{}', status: 'succeeded', attempts: 1, attempt_log: [], last_response_status: 200, last_latency_ms: 1, last_response_body: null, last_error: null, next_attempt_at: null, due_at: null, created_at: createdAt, updated_at: createdAt }) as WebhookDeliveryDoc;
    await deliveries.insertNew([d(1, T0), d(2, new Date(T0.getTime() + 20 * DAY))]);
    const now = new Date(T0.getTime() + 31 * DAY);
    const sweep = createRetentionSweep({
      now: () => now,
      settings: { batchSize: 100, pauseMs: 0, maxBatchesPerPass: 10 },
      steps: [
        { name: 'broadcasts', prune: broadcasts.pruneExpired },
        { name: 'webhook deliveries', prune: (at, batch) => deliveries.prune(new Date(at.getTime() - WEBHOOK_DELIVERY_RETENTION_MS), batch) },
      ],
    });
    expect(await sweep()).toBe(2);
    expect((await mongo.db.collection('broadcasts').find().toArray()).map((x) => x._id)).toEqual([2]);
    expect((await mongo.db.collection('broadcast_chunks').find().toArray()).map((x) => x.broadcast_id)).toEqual([2]);
    expect((await mongo.db.collection('webhook_deliveries').find().toArray()).map((x) => x._id)).toEqual([2]);
  });

  const pushOf = (notificationId: number, recipientId: string, expiresAt: Date | null) => ({ projectId: 1, notificationId, recipientId, expiresAt });

  it('when a notification\'s retention passes, then the retention pass removes the records of its mobile pushes; those of a notification kept forever stay', async () => {
    const attempts = createMobilePushAttempts(mongo.db);
    await attempts.ensureIndexes();
    const expiry = new Date(T0.getTime() + DAY);
    await attempts.begin(pushOf(500, 'phone', expiry), 1, false, T0);
    await attempts.end(pushOf(500, 'phone', expiry), 2, 'sent', 'projects/p/messages/1', T0);
    await attempts.begin(pushOf(501, 'phone', null), 1, false, T0);
    const sweep = createRetentionSweep({ now: () => new Date(expiry.getTime() + 1000), settings: { batchSize: 100, pauseMs: 0, maxBatchesPerPass: 10 }, steps: [{ name: 'mobile push attempts', prune: attempts.pruneExpired }] });
    expect(await sweep()).toBe(2);
    expect((await attempts.load(500, [1, 2])).size).toBe(0);
    expect([...(await attempts.load(501, [1])).keys()]).toEqual([1]);
  });

  it('when a recipient is erased, then the records of its mobile pushes go with its notifications; another recipient\'s stay', async () => {
    const attempts = createMobilePushAttempts(mongo.db);
    await attempts.ensureIndexes();
    await attempts.begin(pushOf(600, 'erased-phone', null), 1, false, T0);
    await attempts.end(pushOf(601, 'erased-phone', null), 3, 'gone', 'removed: UNREGISTERED', T0);
    await attempts.begin(pushOf(602, 'kept-phone', null), 1, false, T0);
    const remove = createRemoveRecipientNotifications({ erasures: createErasureRepository(mongo.db), digests: createDigestRepository(mongo.db), mobilePushAttempts: attempts });
    await remove(1, 'erased-phone', new Date(T0.getTime() + 1000));
    expect((await attempts.load(600, [1])).size + (await attempts.load(601, [3])).size).toBe(0);
    expect([...(await attempts.load(602, [1])).keys()]).toEqual([1]);
  });
});

describe('retention through the delivery service', () => {
  it('when a send carries the project\'s retention, then the notification is written with its expiry; without one it never expires', async () => {
    const h = await startHarness();
    try {
      const projectId = h.project();
      const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
      const kept = await h.client.send({ projectId, settings: { ...settings, retentionDays: 30 }, recipientId: 'ret', payloadJson: '{}' });
      const forever = await h.client.send({ projectId, settings, recipientId: 'ret', payloadJson: '{}' });
      const mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
      try {
        const col = mongo.db.collection('notifications');
        const doc = await eventually('the send with a retention written', async () => (await col.findOne({ _id: Number(kept.notification!.id) as never })) ?? undefined);
        expect((doc.expires_at as Date).getTime() - (doc.created_at as Date).getTime()).toBe(30 * DAY);
        // Each is written once decided (possibly in another batch): waited for, like the first.
        const always = await eventually('the send without a retention written', async () => (await col.findOne({ _id: Number(forever.notification!.id) as never })) ?? undefined);
        expect(always.expires_at).toBeNull();
      } finally {
        await mongo.close();
      }
    } finally {
      await h.close();
    }
  });
});
