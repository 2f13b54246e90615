import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { createBroadcastRepository, type BroadcastDoc } from '../kernel/store/broadcast-repository';
import { createNotificationRepository } from '../kernel/store/notification-repository';
import { createOutcomeRepository, createQuotaRepository } from '../outbound';
import { createErasureRepository, createRemoveRecipientNotifications, type RemoveRecipientNotificationsDeps } from '../retention';
import { createProcessBroadcastChunk } from './process-broadcast-chunk';
import type { ProcessBroadcastChunkDeps } from './process-broadcast-chunk';

const target = { channel: 'news', topic: 'weekly', event: 'digest' };
const uid = () => randomBytes(4).toString('hex');

jest.setTimeout(60_000);

describe('delivery service: broadcasts', () => {
  let h: Harness;
  let mongo: MongoHandle;
  beforeAll(async () => {
    h = await startHarness({ BROADCAST_CHUNK_SIZE: '100' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo.close();
    await h.close();
  });

  const completed = (project: bigint, id: bigint) =>
    eventually('broadcast completed', async () => {
      const b = (await h.client.getBroadcast({ projectId: project, id })).broadcast!;
      return b.status === 'completed' ? b : undefined;
    }, { timeoutMs: 30_000 });

  it('when a project has 450 recipients, some muted, then each gets one notification (muted ones suppressed) and the broadcast completes', async () => {
    const project = h.project();
    const ids = Array.from({ length: 450 }, (_, i) => `r${i}`);
    h.peers.addRecipients(project, ids);
    for (const i of [3, 150, 449]) h.peers.muted.add(`${project}|r${i}|in_app`);
    const r = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0n }, target, payloadJson: '{"t":"x"}' });
    expect(r.notification).toBeUndefined();
    expect(r.broadcast).toMatchObject({ status: 'enqueued', notificationsCreated: 0n });
    expect(r.broadcast!.email).toBeUndefined();
    const b = await completed(project, r.broadcast!.id);
    expect(b.recipientsTotal).toBe(450n);
    expect(b.notificationsCreated).toBe(450n);
    const docs = await mongo.db.collection('notifications').find({ broadcast_id: Number(r.broadcast!.id) }).toArray();
    expect(docs).toHaveLength(450);
    expect(new Set(docs.map((d) => d.recipient_id)).size).toBe(450);
    expect(docs.filter((d) => d.status === 'suppressed').map((d) => d.recipient_id).sort()).toEqual(['r150', 'r3', 'r449'].sort());
    expect(docs.filter((d) => d.status === 'delivered')).toHaveLength(447);
    const feed = await h.client.listFeed({ projectId: project, recipientId: 'r0', limit: 10 });
    expect(feed.notifications[0].broadcastId).toBe(r.broadcast!.id);
  });

  it('when the quota is smaller than the audience, then exactly the quota is delivered and the rest ends quota_exceeded', async () => {
    const project = h.project();
    h.peers.addRecipients(project, Array.from({ length: 250 }, (_, i) => `q${i}`));
    const r = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 120n }, target, payloadJson: '{}' });
    await completed(project, r.broadcast!.id);
    const docs = await mongo.db.collection('notifications').find({ broadcast_id: Number(r.broadcast!.id) }).toArray();
    expect(docs.filter((d) => d.status === 'delivered')).toHaveLength(120);
    expect(docs.filter((d) => d.status === 'quota_exceeded')).toHaveLength(130);
  });

  it('when eligible email recipients fit the cap, then each eligible one is mailed; over the cap, none is', async () => {
    const project = h.project();
    h.peers.catalog.add(`${project}|news|weekly|digest|email`);
    const addr = (i: number) => `b${i}-${uid()}@test.local`;
    const ids = ['m0', 'm1', 'm2', 'm3'];
    h.peers.addRecipients(project, ids);
    const addresses = ids.slice(0, 3).map((_, i) => addr(i));
    addresses.forEach((a, i) => h.peers.emails.set(`${project}|m${i}`, a));
    const email = { subject: 'Digest', html: '<p>news</p>' };
    const ok = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 3n }, target, payloadJson: '{}', email });
    expect(ok.broadcast!.email).toMatchObject({ status: 'pending' });
    const b = await completed(project, ok.broadcast!.id);
    expect(b.email).toMatchObject({ status: 'sent', eligible: 3n });
    await eventually('a mail to every address', async () => {
      const all = (await (await fetch(`${process.env.MAIL_API_URL}/messages`)).json()) as { to: string[] }[];
      return addresses.every((a) => all.some((m) => m.to.includes(a)));
    });
    const noContact = await mongo.db.collection('notifications').findOne({ broadcast_id: Number(ok.broadcast!.id), recipient_id: 'm3' });
    expect(noContact!.email).toMatchObject({ status: 'skipped', reason: 'no_primary_contact' });

    const blocked = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 2n }, target, payloadJson: '{}', email });
    const bb = await completed(project, blocked.broadcast!.id);
    expect(bb.email).toMatchObject({ status: 'blocked', eligible: 3n });
    const docs = await mongo.db.collection('notifications').find({ broadcast_id: Number(blocked.broadcast!.id), 'email.reason': 'broadcast_limit_exceeded' }).toArray();
    expect(docs).toHaveLength(3);
  });
  it('when a page of recipient ids fails, then that page alone is retried: one unary call per page, earlier pages not read again', async () => {
    const project = h.project();
    const ids = Array.from({ length: 450 }, (_, i) => `f${i}`);
    h.peers.addRecipients(project, ids);
    const seqOf = (id: string) => String(h.peers.seqs.get(`${project}|${id}`));
    h.peers.failIdPage.set(`${project}|${seqOf('f199')}`, 2);
    const r = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0n }, target, payloadJson: '{}' });
    const b = await completed(project, r.broadcast!.id);
    expect(b.recipientsTotal).toBe(450n);
    expect(b.notificationsCreated).toBe(450n);
    expect(h.peers.idPageCalls.get(project)).toEqual(['', seqOf('f99'), seqOf('f199'), seqOf('f199'), seqOf('f199'), seqOf('f299'), seqOf('f399')]);
  });

  it('when recipients are created while the fan-out runs, then the broadcast reaches only those that existed when it started', async () => {
    const project = h.project();
    h.peers.addRecipients(project, Array.from({ length: 300 }, (_, i) => `s${i}`));
    // The second page is held until the late recipients exist: the fan-out has read its first page then.
    const releaseSecondPage = h.peers.holdIdPage(project, String(h.peers.seqs.get(`${project}|s99`)));
    try {
      const r = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0n }, target, payloadJson: '{}' });
      await eventually('fan-out past its first page', async () => (h.peers.idPageCalls.get(project)?.length ?? 0) >= 2, { timeoutMs: 10_000 });
      h.peers.addRecipients(project, Array.from({ length: 50 }, (_, i) => `late${i}`));
      releaseSecondPage();
      const b = await completed(project, r.broadcast!.id);
      expect(b.recipientsTotal).toBe(300n);
      const late = await mongo.db.collection('notifications').countDocuments({ broadcast_id: Number(r.broadcast!.id), recipient_id: /^late/ });
      expect(late).toBe(0);
    } finally {
      releaseSecondPage();
    }
  });

  it('when a fanning_out broadcast lost its fan-out job, then the stale sweep (on an index that covers its filter) resumes it from its cursor', async () => {
    const project = h.project();
    h.peers.addRecipients(project, Array.from({ length: 120 }, (_, i) => `z${i}`));
    const r = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0n }, target, payloadJson: '{}' });
    await completed(project, r.broadcast!.id);
    // A copy with no job anywhere: fan-out started, then its job was lost.
    const col = mongo.db.collection<BroadcastDoc>('broadcasts');
    const original = (await col.findOne({ _id: Number(r.broadcast!.id) }))!;
    const lostId = Number(r.broadcast!.id) + 1_000_000;
    const old = new Date(Date.now() - 60_000);
    await col.insertOne({
      ...original, _id: lostId, status: 'fanning_out', cursor: '', upper_bound: null, chunks_published: 0, fanout_done: false,
      recipients_total: 0, notifications_created: 0, created_at: old, updated_at: old,
    });
    const b = await completed(project, BigInt(lostId));
    expect(b.recipientsTotal).toBe(120n);
    expect(b.notificationsCreated).toBe(120n);
    const indexes = await col.indexes();
    expect(indexes.some((i) => JSON.stringify(i.key) === JSON.stringify({ status: 1, updated_at: 1 }))).toBe(true);
  });

  it('when 250 email recipients span three chunks, then under the cap each is mailed once (chunks publish while the cap is safe); over it, every one is skipped', async () => {
    const project = h.project();
    h.peers.catalog.add(`${project}|news|weekly|digest|email`);
    const ids = Array.from({ length: 250 }, (_, i) => `e${i}`);
    h.peers.addRecipients(project, ids);
    const tag = uid();
    ids.forEach((id) => h.peers.emails.set(`${project}|${id}`, `${id}-${tag}@test.local`));
    const email = { subject: 'Digest', html: '<p>news</p>' };
    const ok = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 1000n }, target, payloadJson: '{}', email });
    const b = await completed(project, ok.broadcast!.id);
    expect(b.email).toMatchObject({ status: 'sent', eligible: 250n });
    const mailed = await eventually('250 mails', async () => {
      const all = (await (await fetch(`${process.env.MAIL_API_URL}/messages`)).json()) as { to: string[] }[];
      const mine = all.filter((m) => m.to.some((t) => t.endsWith(`-${tag}@test.local`)));
      return mine.length >= 250 ? mine : undefined;
    }, { timeoutMs: 30_000 });
    expect(new Set(mailed.flatMap((m) => m.to)).size).toBe(250);

    const blocked = await h.client.send({ projectId: project, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 249n }, target, payloadJson: '{}', email });
    const bb = await completed(project, blocked.broadcast!.id);
    expect(bb.email).toMatchObject({ status: 'blocked', eligible: 250n });
    const skipped = await mongo.db.collection('notifications').countDocuments({ broadcast_id: Number(blocked.broadcast!.id), 'email.reason': 'broadcast_limit_exceeded' });
    expect(skipped).toBe(250);
  });

  it('when chunks finish concurrently and a stale progress write lands last, then the counted prefix still ends exact', async () => {
    const broadcasts = createBroadcastRepository(mongo.db);
    const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await broadcasts.recordChunkDone(id, i, { created: 10, eligible: i % 2, emailIds: [], emailsPublished: false });
        await broadcasts.advanceProgress(id);
      }),
    );
    expect(await broadcasts.progress(id)).toEqual({ chunksDone: 30, created: 300, eligible: 15, pushEligible: 0 });
    // A writer that read an early prefix stores it after everyone else: the next advance recovers.
    await mongo.db.collection<{ _id: number }>('broadcast_progress').updateOne({ _id: id }, { $set: { chunks_done: 3, created: 30, eligible: 1 } });
    expect(await broadcasts.advanceProgress(id)).toEqual({ chunksDone: 30, created: 300, eligible: 15, pushEligible: 0 });
  });

  it('when an erasure is handled before a racing chunk inserts, then the chunk leaves nothing of the erased incarnation, and a new incarnation of the id keeps its notifications', async () => {
    const notifications = createNotificationRepository(mongo.db);
    const broadcasts = createBroadcastRepository(mongo.db);
    const noop = () => undefined;
    const deps = {
      notifications,
      outcomes: createOutcomeRepository(mongo.db),
      erasures: createErasureRepository(mongo.db),
      digests: { deleteForRecipient: async () => 0 },
      mobilePushAttempts: { deleteForRecipient: async () => 0 },
      broadcasts,
      quota: createQuotaRepository(mongo.db),
      preferences: {
        resolveBatch: async (req: { mediums: string[]; recipientIds: string[] }) =>
          req.mediums.map(() => ({ covered: false, enabled: req.recipientIds.map(() => true), decisions: req.recipientIds.map(() => ({ because: 'medium_default' })) })),
      },
      jobs: { publish: async () => undefined },
      events: { emit: async () => undefined },
      metrics: new Proxy({}, { get: () => noop }),
      now: () => new Date(),
    } as unknown as ProcessBroadcastChunkDeps & RemoveRecipientNotificationsDeps;
    const processChunk = createProcessBroadcastChunk(deps);
    const remove = createRemoveRecipientNotifications(deps);
    const project = Number(h.project());
    const at = new Date();
    const newBroadcast = async (id: number) => {
      await broadcasts.insert({
        _id: id, project_id: project, target, payload_json: '{}', email_content: null,
        settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: 0 } as unknown as BroadcastDoc['settings'],
        status: 'fanning_out', cursor: '', chunks_published: 1, fanout_done: false, recipients_total: 2, notifications_created: 0,
        email: null, email_eligible: 0, created_at: at, updated_at: at,
      });
    };
    const b1 = 800_000_000 + Math.floor(Math.random() * 1_000_000);
    await newBroadcast(b1);
    // The erasure of incarnation 5 of `x` is handled first; the deletion's clock is a minute behind ours.
    const deletedAt = new Date(Date.now() - 60_000);
    await remove(project, 'x', deletedAt, 5);
    await processChunk({ broadcastId: b1, chunkIndex: 0, firstNotificationId: b1 * 10, recipientIds: ['x', 'y'], recipientSeqs: [5, 6] });
    const col = mongo.db.collection('notifications');
    expect((await col.find({ broadcast_id: b1 }).toArray()).map((d) => d.recipient_id)).toEqual(['y']);
    // Counted as created (like an erasure after completion), so created == total still holds.
    expect((await broadcasts.chunkRecords(b1, 0, 1))[0]).toMatchObject({ created: 2 });

    // `x` is created again (incarnation 9): a later broadcast reaches it, and the old tombstone leaves it alone.
    const b2 = b1 + 1;
    await newBroadcast(b2);
    await processChunk({ broadcastId: b2, chunkIndex: 0, firstNotificationId: b2 * 10, recipientIds: ['x'], recipientSeqs: [9] });
    expect(await col.countDocuments({ project_id: project, recipient_id: 'x' })).toBe(1);
    // Its own erasure removes it, although its created_at is after the (skewed) deleted_at.
    await remove(project, 'x', deletedAt, 9);
    expect(await col.countDocuments({ project_id: project, recipient_id: 'x' })).toBe(0);
  });
});
