import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { createMobilePushAttempts } from './mobile-push-attempts';

describe('per-device mobile push claims against the real store', () => {
  let mongo: MongoHandle;
  const now = new Date();
  const pushOf = (notificationId: number) => ({ projectId: 1, notificationId, recipientId: 'r1', expiresAt: null });
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_mobile_push_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('when two workers take the same device of a notification, then only the first holds it', async () => {
    const attempts = createMobilePushAttempts(mongo.db);
    const taken = await Promise.all([attempts.begin(pushOf(10), 7, false, now), attempts.begin(pushOf(10), 7, false, now)]);
    expect(taken.sort()).toEqual([false, true]);
    expect((await attempts.load(10, [7, 8])).get(7)).toMatchObject({ state: 'sending' });
  });

  it('when a device is left to retry, then one later attempt takes it again, and an ended one never', async () => {
    const attempts = createMobilePushAttempts(mongo.db);
    expect(await attempts.begin(pushOf(11), 7, false, now)).toBe(true);
    await attempts.end(pushOf(11), 7, 'retry', '429 RESOURCE_EXHAUSTED', now);
    expect([await attempts.begin(pushOf(11), 7, true, now), await attempts.begin(pushOf(11), 7, true, now)]).toEqual([true, false]);
    await attempts.end(pushOf(11), 7, 'sent', 'projects/p/messages/1', now);
    expect(await attempts.begin(pushOf(11), 7, true, now)).toBe(false);
    expect([...(await attempts.load(11, [7])).values()].map((d) => [d.state, d.detail])).toEqual([['sent', 'projects/p/messages/1']]);
  });
});
