import { Code } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { errorOf } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';
import { eventually } from '@herald/testing';
import { inMs, mailsTo, outcomeEventsOf } from '../testing/time-aware';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = (monthlyQuota?: bigint) => ({ strictTargets: false, maxBroadcastRecipientsForEmail: 10n, ...(monthlyQuota !== undefined ? { monthlyQuota } : {}) });

jest.setTimeout(120_000);

/** Scheduled sends and cancel, on the real store and broker. */
describe('delivery service: scheduled sends and cancel', () => {
  let h: Harness;
  let mongo: MongoHandle;
  let nc: NatsConnection;
  // The service's clock: the race below moves it past its sends' due times instead of waiting for them.
  const clock = createMovableClock();
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '100' }, { clock });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    nc = await connectNats(h.natsUrl, 'test-scheduled');
  });
  afterAll(async () => {
    await nc?.close();
    await mongo?.close();
    await h?.close();
  });

  const get = (projectId: bigint, id: bigint) => h.client.getNotification({ projectId, id }).then((r) => r.notification!);
  const quotaUnits = (project: bigint) => mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) });

  it('when a direct send has a future send_at, then it answers scheduled with send_at, reads scheduled until due, then delivers and mails as any send', async () => {
    const project = h.project();
    const address = `sched-${project}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|ann`, address);
    const sendAt = inMs(2_500);
    const r = await h.client.send({ projectId: project, settings: settings(100n), recipientId: 'ann', target, payloadJson: '{"n":1}', email: { subject: 'later', html: '<p>later</p>' }, sendAt });
    const n = r.notification!;
    expect(n.status).toBe('scheduled');
    expect(timestampDate(n.sendAt!).toISOString()).toBe(new Date(sendAt).toISOString());
    expect(n.email!.status).toBe('pending');
    const read = await get(project, n.id);
    expect(read).toMatchObject({ status: 'scheduled', payloadJson: '{"n":1}' });
    expect(await quotaUnits(project)).toBe(0);
    const delivered = await eventually('scheduled send delivered', async () => {
      const x = await get(project, n.id);
      return x.status === 'delivered' && x.email!.status === 'sent' ? x : undefined;
    }, { timeoutMs: 60_000 });
    expect(timestampDate(delivered.sendAt!).toISOString()).toBe(new Date(sendAt).toISOString());
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
    expect(await mailsTo(process.env.MAIL_API_URL!, address)).toHaveLength(1);
    expect(await quotaUnits(project)).toBe(2);
    // Started: no longer cancelable.
    expect(await errorOf(h.client.cancelNotification({ projectId: project, id: n.id }))).toMatchObject({ code: 'not_cancelable', connectCode: Code.AlreadyExists });
  });

  it('when a scheduled send is canceled before it is due, then it reads canceled and never delivers, mails, spends quota or emits a delivered event; a repeat answers it again', async () => {
    const project = h.project();
    const address = `cancel-${project}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|bob`, address);
    const r = await h.client.send({ projectId: project, settings: settings(100n), recipientId: 'bob', target, payloadJson: '{}', email: { subject: 's', html: '<p>x</p>' }, sendAt: inMs(1_500) });
    const id = r.notification!.id;
    const canceled = (await h.client.cancelNotification({ projectId: project, id })).notification!;
    expect(canceled).toMatchObject({ status: 'canceled', email: { status: 'skipped', reason: 'canceled' } });
    expect((await h.client.cancelNotification({ projectId: project, id })).notification!.status).toBe('canceled');
    // A later send of the same project, due after the canceled one's time: once it is delivered, the canceled one's time has surely passed.
    const later = await h.client.send({ projectId: project, settings: settings(100n), recipientId: 'bob', target, payloadJson: '{}', sendAt: inMs(2_500) });
    await eventually('later send delivered', async () => ((await get(project, later.notification!.id)).status === 'delivered' ? true : undefined), { timeoutMs: 60_000 });
    expect(await get(project, id)).toMatchObject({ status: 'canceled', email: { status: 'skipped', reason: 'canceled' } });
    expect(await mailsTo(process.env.MAIL_API_URL!, address)).toHaveLength(0);
    expect(await quotaUnits(project)).toBe(1);
    const events = await outcomeEventsOf(nc, project);
    const of = (nid: bigint) => events.filter((e) => e.notification?.id === nid).map((e) => e.type);
    expect(of(id)).toEqual(['notification.canceled']);
    expect(of(later.notification!.id)).toEqual(['notification.delivered']);
  });

  it('when the id is unknown or of another project, then cancel answers notification_not_found', async () => {
    const project = h.project();
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'c', payloadJson: '{}', sendAt: inMs(60_000) });
    expect(await errorOf(h.client.cancelNotification({ projectId: project + 1n, id: r.notification!.id }))).toMatchObject({ code: 'notification_not_found' });
    expect(await errorOf(h.client.cancelNotification({ projectId: project, id: 987_654_321_987n }))).toMatchObject({ code: 'notification_not_found' });
    expect(await errorOf(h.client.getNotification({ projectId: project + 1n, id: r.notification!.id }))).toMatchObject({ code: 'notification_not_found' });
    await h.client.cancelNotification({ projectId: project, id: r.notification!.id });
  });

  it('when send_at is malformed or more than 90 days ahead, or in the past, then the first two are refused and the third sends at once', async () => {
    const project = h.project();
    const bad = await errorOf(h.client.send({ projectId: project, settings: settings(), recipientId: 'd', payloadJson: '{}', sendAt: '2030-02-30T09:00:00Z' }));
    expect(bad).toMatchObject({ code: 'validation_failed' });
    expect(bad.violations.map((v) => v.property_path)).toEqual(['send_at']);
    const far = await errorOf(h.client.send({ projectId: project, settings: settings(), recipientId: 'd', payloadJson: '{}', sendAt: inMs(91 * 86_400_000) }));
    expect(far.violations.map((v) => v.property_path)).toEqual(['send_at']);
    const past = await h.client.send({ projectId: project, settings: settings(), recipientId: 'd', payloadJson: '{}', sendAt: inMs(-60_000) });
    expect(past.notification).toMatchObject({ status: 'enqueued' });
    expect(past.notification!.sendAt).toBeUndefined();
  });

  it('when a scheduled broadcast is canceled, then it reads canceled, fans out to no one and emits broadcast.canceled; another fires at its time and completes', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['b1', 'b2', 'b3']);
    const kept = await h.client.send({ projectId: project, settings: settings(), recipientId: undefined, target, payloadJson: '{"b":1}', sendAt: inMs(2_000) });
    const dropped = await h.client.send({ projectId: project, settings: settings(), recipientId: undefined, target, payloadJson: '{"b":2}', sendAt: inMs(1_500) });
    expect(kept.broadcast).toMatchObject({ status: 'scheduled' });
    const c = (await h.client.cancelBroadcast({ projectId: project, id: dropped.broadcast!.id })).broadcast!;
    expect(c.status).toBe('canceled');
    const done = await eventually('scheduled broadcast completed', async () => {
      const b = (await h.client.getBroadcast({ projectId: project, id: kept.broadcast!.id })).broadcast!;
      return b.status === 'completed' ? b : undefined;
    }, { timeoutMs: 60_000 });
    expect(done.notificationsCreated).toBe(3n);
    expect((await h.client.getBroadcast({ projectId: project, id: dropped.broadcast!.id })).broadcast).toMatchObject({ status: 'canceled', recipientsTotal: 0n });
    expect(await mongo.db.collection('notifications').countDocuments({ broadcast_id: Number(dropped.broadcast!.id) })).toBe(0);
    expect(await errorOf(h.client.cancelBroadcast({ projectId: project, id: kept.broadcast!.id }))).toMatchObject({ code: 'not_cancelable' });
    expect(await errorOf(h.client.cancelBroadcast({ projectId: project, id: 987_654_321n }))).toMatchObject({ code: 'broadcast_not_found' });
    const events = await outcomeEventsOf(nc, project);
    expect(events.filter((e) => e.type === 'broadcast.canceled').map((e) => e.broadcast!.id)).toEqual([dropped.broadcast!.id]);
  });

  it('when 1,000 cancels race their sends\' due time, then each send is either canceled or delivered, never both, never neither; delivered ones alone spend quota and emit delivered', async () => {
    const project = h.project();
    const N = 1000;
    // The sends are due a minute ahead on the service's clock, one millisecond apart; once all are
    // scheduled the service's clock moves past every due time at once, and the cancels race the
    // firing passes (which take the timers in due order): from both ends of that order, so some
    // cancels reach their timer before its pass and some after. 100 requests in flight at once.
    const dueFrom = clock.now() + 60_000;
    const ids: bigint[] = new Array(N);
    const inLanes = async (work: (k: number) => Promise<void>) => {
      let next = 0;
      const lane = async () => {
        for (let k = next++; k < N; k = next++) await work(k);
      };
      await Promise.all(Array.from({ length: 100 }, lane));
    };
    await inLanes(async (i) => {
      const r = await h.client.send({ projectId: project, settings: settings(1_000_000n), recipientId: `r${i % 50}`, target, payloadJson: '{}', sendAt: new Date(dueFrom + i).toISOString() });
      expect(r.notification!.status).toBe('scheduled');
      ids[i] = r.notification!.id;
    });
    const answers: ('canceled' | 'refused')[] = new Array(N);
    clock.advance(60_000 + N);
    await inLanes(async (k) => {
      const i = k % 2 === 0 ? N - 1 - k / 2 : (k - 1) / 2;
      const refused = await errorOf(h.client.cancelNotification({ projectId: project, id: ids[i] })).catch(() => null);
      if (refused) expect(refused).toMatchObject({ code: 'not_cancelable' });
      answers[i] = refused ? 'refused' : 'canceled';
    });
    const final = await eventually('every raced send settled', async () => {
      const docs = await mongo.db.collection<{ _id: number; status: string }>('notifications').find({ _id: { $in: ids.map(Number) } }, { projection: { status: 1 } }).toArray();
      if (docs.length < N || docs.some((d) => d.status !== 'canceled' && d.status !== 'delivered')) return undefined;
      const statusOf = new Map(docs.map((d) => [d._id, d.status]));
      return ids.map((id) => ({ id, status: statusOf.get(Number(id))! }));
    }, { timeoutMs: 120_000 });
    let canceled = 0;
    final.forEach((n, i) => {
      expect(n.status).toBe(answers[i] === 'canceled' ? 'canceled' : 'delivered');
      if (n.status === 'canceled') canceled++;
    });
    const delivered = N - canceled;
    // Both outcomes occurred, or the race was not exercised.
    expect(canceled).toBeGreaterThan(0);
    expect(delivered).toBeGreaterThan(0);
    expect(await quotaUnits(project)).toBe(delivered);
    const events = await outcomeEventsOf(nc, project);
    const types = new Map<bigint, string[]>();
    for (const e of events) types.set(e.notification!.id, [...(types.get(e.notification!.id) ?? []), e.type]);
    final.forEach((n) => expect(types.get(n.id)).toEqual([n.status === 'canceled' ? 'notification.canceled' : 'notification.delivered']));
  });
});
