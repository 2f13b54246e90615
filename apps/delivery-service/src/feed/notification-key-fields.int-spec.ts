import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { NOTIFICATION_KEY_FIELDS } from '../kernel/store/key-fields-first';
import { createNotificationRepository } from '../kernel/store/notification-repository';
import { createActivityRepository } from './activity-repository';
import { createFeedRepository } from './feed-repository';
import { createSnoozeRepository } from './snooze-repository';

describe('the fields stored first on a notification', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_key_fields_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
  });

  it('when the notifications indexes are created, then every top-level field they key on is stored first', async () => {
    for (const repo of [createNotificationRepository(mongo.db), createFeedRepository(mongo.db), createSnoozeRepository(mongo.db), createActivityRepository(mongo.db)]) await repo.ensureIndexes();
    const keyed = new Set((await mongo.db.collection('notifications').indexes()).flatMap((ix) => Object.keys(ix.key).map((path) => path.split('.')[0])));
    keyed.delete('_id');
    expect([...keyed].filter((field) => !(NOTIFICATION_KEY_FIELDS as readonly string[]).includes(field))).toEqual([]);
  });
});
