import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { createBulkWriteLane, type BulkWriteLane } from './bulk-write-lane';
import { createNotificationRepository, type NotificationDoc } from './notification-repository';

const T0 = new Date('2100-01-01T00:00:00Z');
const notification = (id: number): NotificationDoc => ({
  _id: id, project_id: 7, recipient_id: `r${id}`, broadcast_id: 3, target: null, payload_json: '{}', payload_in_broadcast: true, read: false, opened: false,
  status: 'delivered', email: { status: 'not_requested', reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null }, email_content: null,
  created_at: T0, updated_at: T0, expires_at: null,
});

describe('paced notification inserts against the real store', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_paced_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
  });

  it('when a chunk is inserted through the lane, then each slice is built only once the lane admits it, and one written before is reported', async () => {
    const lane = createBulkWriteLane({ share: 1, sliceSize: 2 });
    const log: string[] = [];
    const bulkLane: BulkWriteLane = { write: (items, write) => lane.write(items, (slice) => (log.push(`admit ${slice.length}`), write(slice))) };
    const notifications = createNotificationRepository(mongo.db, { bulkLane });
    await notifications.insertDecided([notification(3)]);
    const { inserted, writtenBefore } = await notifications.insertPaced([1, 2, 3, 4, 5], (id) => (log.push(`build ${id}`), notification(id)));
    expect(log).toEqual(['admit 2', 'build 1', 'build 2', 'admit 2', 'build 3', 'build 4', 'admit 1', 'build 5']);
    expect(inserted.map((d) => d._id)).toEqual([1, 2, 4, 5]);
    expect(writtenBefore).toEqual([3]);
    // The payload lives on the broadcast: the returned documents keep it for the outcome events, the stored ones do not.
    expect(inserted[0].payload_json).toBe('{}');
    expect(await mongo.db.collection('notifications').countDocuments({ broadcast_id: 3, payload_json: null })).toBe(5);
  });

  it('when a notification is inserted, then the store holds _id and the fields its indexes key on first', async () => {
    const notifications = createNotificationRepository(mongo.db);
    await notifications.insertDecided([notification(11)]);
    const raw = await mongo.db.collection('notifications').findOne({ _id: 11 as never });
    expect(Object.keys(raw!).slice(0, 7)).toEqual(['_id', 'project_id', 'recipient_id', 'status', 'created_at', 'read', 'broadcast_id']);
  });
});
