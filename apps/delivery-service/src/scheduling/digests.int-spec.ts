import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { errorOf } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { mailsTo, outcomeEventsOf } from '../testing/time-aware';

const target = { channel: 'social', topic: 'post-1', event: 'comment' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };

jest.setTimeout(120_000);

/**
 * Email digests per catalog entry, exactly once. The test peers answer digest windows
 * of a few seconds (the preference service allows 60 s and more), so windows close within a test.
 */
describe('delivery service: email digests', () => {
  let h: Harness;
  let mongo: MongoHandle;
  let nc: NatsConnection;
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '100' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    nc = await connectNats(h.natsUrl, 'test-digests');
  });
  afterAll(async () => {
    await nc?.close();
    await mongo?.close();
    await h?.close();
  });

  const get = (projectId: bigint, id: bigint) => h.client.getNotification({ projectId, id }).then((r) => r.notification!);
  const digestEntry = (project: bigint, digest: { windowSeconds: number; maxItems: number; subject: string }, entryId = 501n, topic = 'any') =>
    h.peers.entries.set(`${project}|social|${topic}|comment|email`, { id: entryId, digest });
  const withAddress = (project: bigint, recipient: string) => {
    const address = `${recipient}-${project}@test.local`;
    h.peers.emails.set(`${project}|${recipient}`, address);
    return address;
  };
  const allSent = (project: bigint, ids: bigint[]) =>
    eventually('every digest item settled', async () => {
      const all = await Promise.all(ids.map((id) => get(project, id)));
      return all.every((n) => n.email!.status !== 'pending') ? all : undefined;
    }, { timeoutMs: 60_000 });

  it('when 50 sends for one recipient arrive in the same second, then one digest holds all 50, in order, in one mail; each item is sent with its message_id and digest_id', async () => {
    const project = h.project();
    const address = withAddress(project, 'ann');
    // A full window closes at once: 50 items in one digest, or it never closes and the test times out.
    digestEntry(project, { windowSeconds: 600, maxItems: 50, subject: '{count} new comments' });
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.client.send({ projectId: project, settings, recipientId: 'ann', target, payloadJson: '{}', email: { subject: `comment ${i}`, html: `<p>item-${i}-end</p>` } }),
      ),
    );
    const ids = sent.map((r) => r.notification!.id);
    const items = await allSent(project, ids);
    const digestIds = new Set(items.map((n) => n.email!.digestId));
    expect(digestIds.size).toBe(1);
    const mails = await mailsTo(process.env.MAIL_API_URL!, address);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('50 new comments');
    for (const n of items) expect(n.email).toMatchObject({ status: 'sent', messageId: mails[0].message_id });
    const digest = (await h.client.getDigest({ projectId: project, id: [...digestIds][0]! })).digest!;
    expect(digest).toMatchObject({ status: 'sent', recipientId: 'ann', entryId: 501n, maxItems: 50, messageId: mails[0].message_id, address });
    expect([...digest.notificationIds].sort()).toEqual([...ids].sort());
    // The mail holds every item's html, in the digest's order.
    const positions = digest.notificationIds.map((id) => mails[0].html!.indexOf(`item-${ids.indexOf(id)}-end`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // One quota unit for the mail.
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project), owner: /^digest:/ })).toBe(1);
    const events = await outcomeEventsOf(nc, project);
    expect(events.filter((e) => e.type === 'email.sent')).toHaveLength(50);
    expect(await errorOf(h.client.getDigest({ projectId: project + 1n, id: digest.id }))).toMatchObject({ code: 'digest_not_found' });
  });

  it('when a window reaches max_items, then it is sent at once, and the next email opens the next digest', async () => {
    const project = h.project();
    const address = withAddress(project, 'bo');
    digestEntry(project, { windowSeconds: 600, maxItems: 3, subject: 'Comments ({count})' });
    const send = (i: number) => h.client.send({ projectId: project, settings, recipientId: 'bo', target, payloadJson: '{}', email: { subject: `c${i}`, html: `<p>${i}</p>` } });
    const first = await Promise.all([0, 1, 2].map(send));
    const items = await allSent(project, first.map((r) => r.notification!.id));
    expect(new Set(items.map((n) => n.email!.digestId)).size).toBe(1);
    expect((await mailsTo(process.env.MAIL_API_URL!, address)).map((m) => m.subject)).toEqual(['Comments (3)']);
    const fourth = await send(3);
    const open = await eventually('second window opened', async () => {
      const d = await mongo.db.collection('digests').findOne({ project_id: Number(project), w: 2 });
      return d ?? undefined;
    }, { timeoutMs: 30_000 });
    expect(open.status).toBe('open');
    expect((await get(project, fourth.notification!.id)).email!.status).toBe('pending');
    const view = (await h.client.getDigest({ projectId: project, id: BigInt(open._id as unknown as number) })).digest!;
    expect(view).toMatchObject({ status: 'open', notificationIds: [fourth.notification!.id] });
  });

  it('when emails of two recipients and of two entries arrive together, then each (entry, recipient) gets its own digest: never merged across keys', async () => {
    const project = h.project();
    const a = withAddress(project, 'cy');
    const b = withAddress(project, 'dee');
    // Full at 4: each window closes when its four items are in (a split would never fill, and fail).
    digestEntry(project, { windowSeconds: 600, maxItems: 4, subject: 'A {count}' }, 601n, 'any');
    digestEntry(project, { windowSeconds: 600, maxItems: 4, subject: 'B {count}' }, 602n, 'post-9');
    const sends = [];
    for (const r of ['cy', 'dee']) {
      for (const topic of ['post-1', 'post-9']) {
        for (let i = 0; i < 4; i++) sends.push(h.client.send({ projectId: project, settings, recipientId: r, target: { ...target, topic }, payloadJson: '{}', email: { subject: `${r} ${topic} ${i}`, html: `<p>${r}-${topic}-${i}</p>` } }));
      }
    }
    const ids = (await Promise.all(sends)).map((x) => x.notification!.id);
    const items = await allSent(project, ids);
    expect(new Set(items.map((n) => n.email!.digestId)).size).toBe(4);
    for (const [address, who] of [[a, 'cy'], [b, 'dee']] as const) {
      const mails = await mailsTo(process.env.MAIL_API_URL!, address);
      expect(mails.map((m) => m.subject).sort()).toEqual(['A 4', 'B 4']);
      expect(mails.find((m) => m.subject === 'A 4')!.html).toContain(`${who}-post-1-3`);
      expect(mails.find((m) => m.subject === 'A 4')!.html).not.toContain('post-9');
    }
  });

  it('when an item of a digest carries unless read and is read before the window closes, then it is skipped read_in_app and left out of the mail', async () => {
    const project = h.project();
    const address = withAddress(project, 'eve');
    digestEntry(project, { windowSeconds: 3, maxItems: 10, subject: '{count} updates' });
    const read = await h.client.send({ projectId: project, settings, recipientId: 'eve', target, payloadJson: '{}', email: { subject: 'r', html: '<p>was-read</p>', unless: 'read' } });
    const kept = await h.client.send({ projectId: project, settings, recipientId: 'eve', target, payloadJson: '{}', email: { subject: 'k', html: '<p>kept</p>', unless: 'read' } });
    await eventually('in-app delivered', async () => ((await get(project, read.notification!.id)).status === 'delivered' ? true : undefined));
    await h.client.updateNotification({ projectId: project, recipientId: 'eve', id: read.notification!.id, read: true });
    const [r, k] = await allSent(project, [read.notification!.id, kept.notification!.id]);
    expect(r.email).toMatchObject({ status: 'skipped', reason: 'read_in_app' });
    expect(k.email).toMatchObject({ status: 'sent' });
    const mails = await mailsTo(process.env.MAIL_API_URL!, address);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('1 updates');
    expect(mails[0].html).not.toContain('was-read');
  });

  it('when the recipient is erased, then its digests answer digest_not_found at once, and the erasure removes them with their items', async () => {
    const project = h.project();
    withAddress(project, 'kim');
    digestEntry(project, { windowSeconds: 600, maxItems: 10, subject: '{count} comments' });
    await h.client.send({ projectId: project, settings, recipientId: 'kim', target, payloadJson: '{}', email: { subject: 'one', html: '<p>one</p>' } });
    const digests = mongo.db.collection('digests');
    const open = await eventually('the digest opened', () => digests.findOne({ project_id: Number(project), recipient_id: 'kim' }));
    const id = BigInt(open._id as unknown as number);
    await eventually('its item joined', async () => (await mongo.db.collection('digest_slots').countDocuments({ digest_id: open._id })) === 1);
    expect((await h.client.getDigest({ projectId: project, id })).digest!.recipientId).toBe('kim');
    // The recipient service's order: the recipient is gone, the event published, then the delete answers.
    const seq = h.peers.removeRecipient(project, 'kim');
    const ev = create(RecipientDeletedSchema, { projectId: project, recipientId: 'kim', recipientSeq: BigInt(seq), deletedAt: timestampFromDate(new Date()) });
    await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, ev), { msgID: `test-erase-digest-${project}` });
    await nc.flush();
    expect(await errorOf(h.client.getDigest({ projectId: project, id }))).toMatchObject({ code: 'digest_not_found' });
    await eventually('the digest and its slots removed', async () =>
      (await digests.countDocuments({ project_id: Number(project), recipient_id: 'kim' })) + (await mongo.db.collection('digest_slots').countDocuments({ digest_id: open._id })) === 0);
  });
});
