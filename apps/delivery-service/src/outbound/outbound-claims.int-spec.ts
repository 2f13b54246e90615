import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { createOutboundClaims } from './outbound-claims';

const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);
const LEASE_MS = 30_000;

describe('outbound claims against the real store', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_claims_${randomBytes(4).toString('hex')}`, 'test');
    await createOutboundClaims(mongo.db).ensureClaimIndexes();
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('when two workers claim the same attempts, then the first holds them, the second learns until when, and a later attempt is free again', async () => {
    const claims = createOutboundClaims(mongo.db);
    const first = await claims.claimOutbound('email', [{ id: 1, attempts: 0 }, { id: 2, attempts: 0 }], 'worker-a', at(LEASE_MS), at(0));
    const second = await claims.claimOutbound('email', [{ id: 1, attempts: 0 }, { id: 2, attempts: 1 }], 'worker-b', at(1_000 + LEASE_MS), at(1_000));
    expect([...first.held].sort()).toEqual([1, 2]);
    expect([[...second.held], [...second.heldElsewhere]]).toEqual([[2], [[1, at(LEASE_MS)]]]);
    // Another medium of the same notification is a message of its own.
    expect([...(await claims.claimOutbound('sms', [{ id: 1, attempts: 0 }], 'worker-b', at(1_000 + LEASE_MS), at(1_000))).held]).toEqual([1]);
  });

  it('when a claim is renewed, then it is taken over only after its renewed lease, and then by the first worker to ask', async () => {
    const claims = createOutboundClaims(mongo.db);
    const message = [{ id: 10, attempts: 2 }];
    await claims.claimOutbound('email', message, 'dead-worker', at(LEASE_MS), at(0));
    expect(await claims.renewOutboundLeases('email', message, 'dead-worker', at(2 * LEASE_MS))).toBe(1);
    expect([...(await claims.claimOutbound('email', message, 'worker-b', at(3 * LEASE_MS), at(LEASE_MS + 1))).heldElsewhere]).toEqual([[10, at(2 * LEASE_MS)]]);
    const b = await claims.claimOutbound('email', message, 'worker-b', at(4 * LEASE_MS), at(2 * LEASE_MS + 1));
    const c = await claims.claimOutbound('email', message, 'worker-c', at(4 * LEASE_MS), at(2 * LEASE_MS + 2));
    expect([[...b.held], [...b.retaken], [...c.heldElsewhere]]).toEqual([[10], [10], [[10, at(4 * LEASE_MS)]]]);
    // The dead worker's renewal finds its claim gone.
    expect(await claims.renewOutboundLeases('email', message, 'dead-worker', at(5 * LEASE_MS))).toBe(0);
  });

  it('when several senders claim at once, then one insert serves them, each holding its own, a second claim of the same attempt learning until when', async () => {
    const claims = createOutboundClaims(mongo.db);
    const [a, b, c] = await claims.claimOutboundEach('mobile_push', [
      { requests: [{ id: 30, attempts: 0 }], claim: 'job-a', leaseUntil: at(LEASE_MS) },
      { requests: [{ id: 31, attempts: 0 }], claim: 'job-b', leaseUntil: at(LEASE_MS + 1) },
      { requests: [{ id: 30, attempts: 0 }], claim: 'job-c', leaseUntil: at(LEASE_MS + 2) },
    ], at(0));
    expect([[...a.held], [...b.held], [...c.held], [...c.heldElsewhere]]).toEqual([[30], [31], [], [[30, at(LEASE_MS)]]]);
    expect(await claims.renewOutboundLeases('mobile_push', [{ id: 31, attempts: 0 }], 'job-b', at(2 * LEASE_MS))).toBe(1);
  });

  it('when a claim is given up (the sender was busy), then the next delivery takes it at once', async () => {
    const claims = createOutboundClaims(mongo.db);
    const message = [{ id: 20, attempts: 0 }];
    await claims.claimOutbound('web_push', message, 'worker-a', at(LEASE_MS), at(0));
    await claims.releaseOutbound('web_push', message, 'worker-a');
    expect([...(await claims.claimOutbound('web_push', message, 'worker-b', at(1_000 + LEASE_MS), at(1_000))).held]).toEqual([20]);
  });
});
