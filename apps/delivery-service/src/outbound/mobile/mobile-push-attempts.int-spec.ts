import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import type { Collection, Db } from 'mongodb';
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

  it('when many jobs read, claim and end their devices at once, then one store command of each kind carries them, each with its own fate', async () => {
    const commands: string[] = [];
    const counted = new Proxy(mongo.db, {
      get: (db: Db, key) =>
        key === 'collection'
          ? (name: string) =>
              new Proxy(db.collection(name), {
                get: (col: Collection, op: string) => (typeof col[op as keyof Collection] === 'function' ? (...args: unknown[]) => (commands.push(op), (col[op as keyof Collection] as (...a: unknown[]) => unknown).apply(col, args)) : col[op as keyof Collection]),
              })
          : Reflect.get(db, key),
    });
    const attempts = createMobilePushAttempts(counted);
    const devices = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(await attempts.begin(pushOf(20), 4, false, now)).toBe(true);
    commands.length = 0;
    const loaded = await Promise.all(devices.map((d) => attempts.load(20, [d])));
    expect(loaded.map((m) => m.size)).toEqual([0, 0, 0, 1, 0, 0, 0, 0]);
    const taken = await Promise.all(devices.map((d) => attempts.begin(pushOf(20), d, false, now)));
    expect(taken).toEqual([true, true, true, false, true, true, true, true]);
    await Promise.all(devices.map((d) => attempts.end(pushOf(20), d, 'sent', `id-${d}`, now)));
    expect(commands).toEqual(['find', 'insertMany', 'bulkWrite']);
    expect([...(await attempts.load(20, devices)).values()].map((d) => d.detail)).toEqual(devices.map((d) => `id-${d}`));
  });
});
