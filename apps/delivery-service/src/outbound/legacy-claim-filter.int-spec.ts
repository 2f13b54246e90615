import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { legacyClaimFilter } from './legacy-claim-filter';

/** The re-read of claims written on notifications by an older version of the service, against the real store. */
describe('legacy claim filter against the real store', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_legacy_claims_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('when some notifications of a batch carry an older claim, then the filter finds exactly those of its medium and of the batch', async () => {
    const col = mongo.db.collection<{ _id: number; email_claim?: string; sms_claim?: string; email_lease_until?: Date }>('notifications');
    const until = new Date(Date.UTC(2030, 0, 1));
    await col.insertMany([
      { _id: 1 },
      { _id: 2, email_claim: 'a-worker', email_lease_until: until },
      { _id: 3, sms_claim: 'another-worker' },
      { _id: 4, email_claim: '' },
      { _id: 5, email_claim: 'outside-the-batch' },
    ]);
    const found = await col.find(legacyClaimFilter('email', [1, 2, 3, 4]), { projection: { email_lease_until: 1 } }).toArray();
    expect(found.map((d) => d._id).sort()).toEqual([2, 4]);
    expect(found.find((d) => d._id === 2)?.email_lease_until).toEqual(until);
    expect((await col.find(legacyClaimFilter('sms', [1, 2, 3])).toArray()).map((d) => d._id)).toEqual([3]);
  });
});
