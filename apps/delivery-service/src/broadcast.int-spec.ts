import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { eventually, startHarness, type Harness } from './testing/harness';

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
    eventually(async () => {
      const b = (await h.client.getBroadcast({ projectId: project, id })).broadcast!;
      return b.status === 'completed' ? b : undefined;
    }, 30_000, 'broadcast completed');

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
    await eventually(async () => {
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
});
