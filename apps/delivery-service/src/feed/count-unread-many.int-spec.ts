import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { createFeedRepository } from './feed-repository';

describe('unread counts of many recipients against the real store', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_unread_many_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('when recipients have read, archived, snoozed and undelivered notifications, then each count equals its own countUnread', async () => {
    const doc = (id: number, recipientId: string, extra: Record<string, unknown> = {}) => ({ _id: id, project_id: 1, recipient_id: recipientId, status: 'delivered', read: false, ...extra });
    await mongo.db.collection<{ _id: number }>('notifications').insertMany([
      doc(1, 'ann'),
      doc(2, 'ann'),
      doc(3, 'ann', { archived: true }),
      doc(4, 'ann', { snoozed: true }),
      doc(5, 'ann', { read: true }),
      doc(6, 'bob'),
      doc(7, 'bob', { status: 'enqueued' }),
      doc(8, 'cy', { read: true }),
      doc(9, 'ann', { project_id: 2 }),
    ]);
    const feed = createFeedRepository(mongo.db);
    const many = await feed.countUnreadMany(1, ['ann', 'bob', 'cy', 'nobody']);
    const one = Object.fromEntries(await Promise.all(['ann', 'bob', 'cy', 'nobody'].map(async (id) => [id, await feed.countUnread(1, id)] as const)));
    expect(one).toEqual({ ann: 2, bob: 1, cy: 0, nobody: 0 });
    expect({ ann: many.get('ann') ?? 0, bob: many.get('bob') ?? 0, cy: many.get('cy') ?? 0, nobody: many.get('nobody') ?? 0 }).toEqual(one);
  });
});
