// Broadcast amplification: at most BROADCAST_MAX_ACTIVE_PER_PROJECT broadcasts of a
// project are enqueued or fanning out at once, exactly, also when sends of that project race
// (slot documents claimed by insert, kernel/store/broadcast-repository.ts), and a slot is never lost:
// a broadcast that completes frees it, and a claim whose broadcast is finished or was never
// written (a crash between the claim and the insert) is taken over.
import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema } from '@herald/contracts';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';

const CAP = 3;
const target = { channel: 'news', topic: 'weekly', event: 'digest' };
const settings = () => ({ strictTargets: false, maxBroadcastRecipientsForEmail: 0n });

jest.setTimeout(120_000);

describe('delivery service: the per-project broadcast cap under concurrency', () => {
  let h: Harness;
  let mongo: MongoHandle;
  beforeAll(async () => {
    h = await startHarness({ BROADCAST_MAX_ACTIVE_PER_PROJECT: String(CAP) });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo.close();
    await h.close();
  });

  const broadcast = (project: bigint, idempotencyKey?: string) =>
    h.client.send({ projectId: project, settings: settings(), target, payloadJson: '{}', idempotencyKey });
  const refusalCode = (err: unknown) => (err instanceof ConnectError ? `${Code[err.code]}:${err.findDetails(ErrorInfoSchema)[0]?.code}` : String(err));
  const statusOf = async (project: bigint, id: bigint) => (await h.client.getBroadcast({ projectId: project, id })).broadcast!.status;
  const completed = (project: bigint, ids: bigint[]) =>
    eventually('broadcasts completed', async () => ((await Promise.all(ids.map((id) => statusOf(project, id)))).every((s) => s === 'completed') ? true : undefined), { timeoutMs: 60_000 });
  const slots = () => mongo.db.collection<{ _id: string; project_id: number; broadcast_id: number; claimed_at: Date }>('broadcast_slots');

  it(`when 24 broadcasts of one project are sent at once, then exactly ${CAP} are accepted and the rest refused with rate_limited`, async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['r1', 'r2']);
    // The accepted broadcasts stay running through the burst (their first recipient page is held).
    const releaseFirstPage = h.peers.holdIdPage(project, '');
    try {
      const results = await Promise.allSettled(Array.from({ length: 24 }, () => broadcast(project)));
      const accepted = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => refusalCode(r.reason));
      expect(refused).toEqual(Array(24 - CAP).fill('ResourceExhausted:rate_limited'));
      expect(accepted).toHaveLength(CAP);
      expect(await mongo.db.collection('broadcasts').countDocuments({ project_id: Number(project) })).toBe(CAP);
    } finally {
      releaseFirstPage();
    }
  });

  it('when a broadcast completes, then its slot is free again for the next send', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['r1']);
    const ids: bigint[] = [];
    for (let i = 0; i < CAP; i++) ids.push((await broadcast(project)).broadcast!.id);
    await completed(project, ids);
    // Every completed broadcast released its slot (none is left to be taken over later).
    expect(await slots().countDocuments({ project_id: Number(project) })).toBe(0);
    const next = await Promise.all(Array.from({ length: CAP }, () => broadcast(project)));
    expect(next.every((r) => r.broadcast?.status === 'enqueued')).toBe(true);
    await completed(project, next.map((r) => r.broadcast!.id));
  });

  it('when every slot is held by a claim whose broadcast was never written, then the claims are taken over once their lease is over, not before', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['r1']);
    // What a crash between claiming a slot and inserting the broadcast leaves behind.
    const crashed = (claimedAt: Date) =>
      Array.from({ length: CAP }, (_, slot) => ({ _id: `${project}:${slot}`, project_id: Number(project), slot, broadcast_id: 900_000_000 + slot + Number(project % 1000n) * 10, claimed_at: claimedAt }));
    await slots().insertMany(crashed(new Date()));
    // Within the lease the claimant may still be inserting its broadcast: the slots count.
    expect(refusalCode(await broadcast(project).catch((e: unknown) => e))).toBe('ResourceExhausted:rate_limited');

    await slots().deleteMany({ project_id: Number(project) });
    await slots().insertMany(crashed(new Date(Date.now() - 10 * 60_000)));
    const accepted = await Promise.allSettled(Array.from({ length: CAP + 2 }, () => broadcast(project)));
    expect(accepted.filter((r) => r.status === 'fulfilled')).toHaveLength(CAP);
    const held = await slots().find({ project_id: Number(project) }).toArray();
    expect(held).toHaveLength(CAP);
    expect(held.every((s) => s.broadcast_id < 900_000_000)).toBe(true);
  });

  it('when a slot is held by a broadcast that completed without releasing it, then the next send takes it over', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['r1']);
    const ids: bigint[] = [];
    for (let i = 0; i < CAP; i++) ids.push((await broadcast(project)).broadcast!.id);
    await completed(project, ids);
    // A crash between completing a broadcast and releasing its slot: the claims are still there.
    await slots().insertMany(ids.map((id, slot) => ({ _id: `${project}:${slot}`, project_id: Number(project), slot, broadcast_id: Number(id), claimed_at: new Date() })));
    const next = await broadcast(project);
    expect(next.broadcast?.status).toBe('enqueued');
    await completed(project, [next.broadcast!.id]);
  });

  it('when the same send is repeated with its Idempotency-Key, then it holds one slot, not one per repeat', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['r1']);
    const releaseFirstPage = h.peers.holdIdPage(project, '');
    try {
      const first = await broadcast(project, 'same-key');
      const repeats = await Promise.all(Array.from({ length: 4 }, () => broadcast(project, 'same-key')));
      expect(repeats.map((r) => r.broadcast!.id)).toEqual(Array(4).fill(first.broadcast!.id));
      expect(await slots().countDocuments({ project_id: Number(project) })).toBe(1);
      // The other slots are still there for other sends.
      const others = await Promise.allSettled(Array.from({ length: CAP }, () => broadcast(project)));
      expect(others.filter((r) => r.status === 'fulfilled')).toHaveLength(CAP - 1);

      // The first request died after its slot claim, before its broadcast was written: a repeat
      // after the key's lease writes it under the same id, in the slot that id holds (the project
      // is at its cap, so a second slot could not be had).
      const id = Number(first.broadcast!.id);
      await mongo.db.collection<{ _id: number }>('broadcasts').deleteOne({ _id: id });
      await mongo.db.collection<{ _id: string; created_at: Date }>('idempotency_keys').updateOne({ _id: `${project}:same-key` }, { $set: { created_at: new Date(Date.now() - 60_000) } });
      const takeover = await broadcast(project, 'same-key');
      expect(takeover.broadcast!.id).toBe(first.broadcast!.id);
      expect(await mongo.db.collection<{ _id: number }>('broadcasts').countDocuments({ _id: id })).toBe(1);
      expect(await slots().countDocuments({ project_id: Number(project) })).toBe(CAP);
    } finally {
      releaseFirstPage();
    }
  });
});
