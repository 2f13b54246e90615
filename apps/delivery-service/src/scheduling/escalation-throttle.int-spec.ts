import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';
import { eventually } from '@herald/testing';
import { mailsTo, outcomeEventsOf } from '../testing/time-aware';

const target = { channel: 'billing', topic: 'invoices', event: 'due' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };

jest.setTimeout(120_000);

/** Email only if the in-app stays unread (escalation), and throttles per catalog entry. */
describe('delivery service: escalation and throttles', () => {
  let h: Harness;
  let mongo: MongoHandle;
  let nc: NatsConnection;
  // The service's clock: a test moves it forward instead of waiting for a window to pass.
  const clock = createMovableClock();
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '100' }, { clock });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    nc = await connectNats(h.natsUrl, 'test-escalation');
  });
  afterAll(async () => {
    await nc?.close();
    await mongo?.close();
    await h?.close();
  });

  const get = (projectId: bigint, id: bigint) => h.client.getNotification({ projectId, id }).then((r) => r.notification!);
  const emailSettled = (projectId: bigint, id: bigint) =>
    eventually(`email of ${id} settled`, async () => {
      const n = await get(projectId, id);
      return n.email!.status !== 'pending' ? n : undefined;
    }, { timeoutMs: 60_000 });
  const emailUnits = (project: bigint) => mongo.db.collection('quota_units').countDocuments({ project_id: Number(project), owner: /:email$/ });
  const withEmail = (project: bigint, recipient: string) => {
    const address = `${recipient}-${project}@test.local`;
    h.peers.catalog.add(`${project}|billing|invoices|due|email`);
    h.peers.emails.set(`${project}|${recipient}`, address);
    return address;
  };

  it('when the in-app notification is read before the delay ends, then the email is skipped read_in_app: no mail, no quota unit', async () => {
    const project = h.project();
    const address = withEmail(project, 'ann');
    const r = await h.client.send({ projectId: project, settings, recipientId: 'ann', target, payloadJson: '{}', email: { subject: 'pay', html: '<p>pay</p>', delaySeconds: 2, unless: 'read' } });
    const id = r.notification!.id;
    await eventually('in-app delivered', async () => ((await get(project, id)).status === 'delivered' ? true : undefined), { timeoutMs: 30_000 });
    expect((await get(project, id)).email!.status).toBe('pending');
    await h.client.updateNotification({ projectId: project, recipientId: 'ann', id, read: true });
    const n = await emailSettled(project, id);
    expect(n.email).toMatchObject({ status: 'skipped', reason: 'read_in_app' });
    expect(n.decision?.email?.because).toBe('read_in_app');
    // Decided after the delay: the store's own times say so (not the test's clock).
    expect(Number(n.updatedAt!.seconds) - Number(n.createdAt!.seconds)).toBeGreaterThanOrEqual(2);
    expect(await mailsTo(process.env.MAIL_API_URL!, address)).toHaveLength(0);
    expect(await emailUnits(project)).toBe(0);
    expect((await outcomeEventsOf(nc, project)).filter((e) => e.type === 'email.skipped')).toHaveLength(1);
  });

  it('when it stays unread, then the email is sent after the delay, not before', async () => {
    const project = h.project();
    const address = withEmail(project, 'bo');
    const r = await h.client.send({ projectId: project, settings, recipientId: 'bo', target, payloadJson: '{}', email: { subject: 'pay', html: '<p>pay</p>', delaySeconds: 2, unless: 'read' } });
    const n = await emailSettled(project, r.notification!.id);
    expect(n.email).toMatchObject({ status: 'sent' });
    // Sent at least the delay after the in-app delivery was written.
    expect(n.email!.sentAt!.seconds - n.createdAt!.seconds).toBeGreaterThanOrEqual(2n);
    expect(await mailsTo(process.env.MAIL_API_URL!, address)).toHaveLength(1);
  });

  it('when unless is opened, then reading without opening does not hold the email back, opening does', async () => {
    const project = h.project();
    withEmail(project, 'cy');
    const readOnly = await h.client.send({ projectId: project, settings, recipientId: 'cy', target, payloadJson: '{}', email: { subject: 'a', html: '<p>a</p>', delaySeconds: 2, unless: 'opened' } });
    const opened = await h.client.send({ projectId: project, settings, recipientId: 'cy', target, payloadJson: '{}', email: { subject: 'b', html: '<p>b</p>', delaySeconds: 2, unless: 'opened' } });
    for (const r of [readOnly, opened]) await eventually('delivered', async () => ((await get(project, r.notification!.id)).status === 'delivered' ? true : undefined), { timeoutMs: 30_000 });
    await h.client.updateNotification({ projectId: project, recipientId: 'cy', id: readOnly.notification!.id, read: true });
    await h.client.updateNotification({ projectId: project, recipientId: 'cy', id: opened.notification!.id, opened: true });
    expect((await emailSettled(project, readOnly.notification!.id)).email!.status).toBe('sent');
    expect((await emailSettled(project, opened.notification!.id)).email).toMatchObject({ status: 'skipped', reason: 'read_in_app' });
  });

  it('when the in-app notification was suppressed, then it does not hold the email back (decided on its own rules)', async () => {
    const project = h.project();
    withEmail(project, 'di');
    h.peers.muted.add(`${project}|di|in_app`);
    const r = await h.client.send({ projectId: project, settings, recipientId: 'di', target, payloadJson: '{}', email: { subject: 'a', html: '<p>a</p>', unless: 'read' } });
    const n = await emailSettled(project, r.notification!.id);
    expect(n.status).toBe('suppressed');
    expect(n.email!.status).toBe('sent');
  });

  it('when an in-app entry is throttled at 3, then 20 concurrent sends to one recipient deliver exactly 3; the rest end throttled, out of the feed, with their event and decision', async () => {
    const project = h.project();
    h.peers.entries.set(`${project}|billing|invoices|due|in_app`, { id: 77n, throttle: { max: 3, windowSeconds: 3600 } });
    const sent = await Promise.all(Array.from({ length: 20 }, () => h.client.send({ projectId: project, settings, recipientId: 'ed', target, payloadJson: '{}' })));
    const final = await Promise.all(
      sent.map((r) => eventually('settled', async () => {
        const n = await get(project, r.notification!.id);
        return n.status !== 'enqueued' ? n : undefined;
      }, { timeoutMs: 60_000 })),
    );
    expect(final.filter((n) => n.status === 'delivered')).toHaveLength(3);
    const throttled = final.filter((n) => n.status === 'throttled');
    expect(throttled).toHaveLength(17);
    expect(throttled[0].decision?.inApp?.because).toBe('throttled');
    const feed = await h.client.listFeed({ projectId: project, recipientId: 'ed', limit: 100 });
    expect(feed.notifications).toHaveLength(3);
    expect(Number((await h.client.unreadCount({ projectId: project, recipientId: 'ed' })).unreadCount)).toBe(3);
    const events = await outcomeEventsOf(nc, project);
    expect(events.filter((e) => e.type === 'notification.throttled')).toHaveLength(17);
    // Another recipient has a throttle of their own.
    const other = await h.client.send({ projectId: project, settings, recipientId: 'fay', target, payloadJson: '{}' });
    expect((await eventually('the other send decided', async () => {
      const n = await get(project, other.notification!.id);
      return n.status !== 'enqueued' ? n : undefined;
    })).status).toBe('delivered');
    // A throttled delivery spends no quota unit.
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(4);
  });

  it('when an email entry is throttled at 1, then the second email is skipped throttled, and the in-app is not throttled by it', async () => {
    const project = h.project();
    withEmail(project, 'gus');
    h.peers.entries.set(`${project}|billing|invoices|due|email`, { id: 78n, throttle: { max: 1, windowSeconds: 3600 } });
    const first = await h.client.send({ projectId: project, settings, recipientId: 'gus', target, payloadJson: '{}', email: { subject: 'a', html: '<p>a</p>' } });
    expect((await emailSettled(project, first.notification!.id)).email!.status).toBe('sent');
    const second = await h.client.send({ projectId: project, settings, recipientId: 'gus', target, payloadJson: '{}', email: { subject: 'b', html: '<p>b</p>' } });
    const n = await emailSettled(project, second.notification!.id);
    expect(n.status).toBe('delivered');
    expect(n.email).toMatchObject({ status: 'skipped', reason: 'throttled' });
    expect(n.decision?.email?.because).toBe('throttled');
  });

  it('when the window slides past the first delivery, then the next one is allowed again (a 2 s window, as the test peers allow, passed on the service clock)', async () => {
    const project = h.project();
    h.peers.entries.set(`${project}|billing|invoices|due|in_app`, { id: 79n, throttle: { max: 1, windowSeconds: 2 } });
    const settle = async () => {
      const r = await h.client.send({ projectId: project, settings, recipientId: 'hal', target, payloadJson: '{}' });
      return eventually('send decided', async () => {
        const n = await get(project, r.notification!.id);
        return n.status !== 'enqueued' ? n : undefined;
      });
    };
    const first = await settle();
    expect(first.status).toBe('delivered');
    expect((await settle()).status).toBe('throttled');
    // The window passes: the service's clock moves past it (no waiting).
    clock.advance(3_000);
    expect((await settle()).status).toBe('delivered');
  });
});
