import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import {
  DELIVERY_EMAIL_SUBJECT,
  deliverySendSubject,
  OutboundJobSchema,
  OUTCOMES_STREAM,
  OUTCOMES_SUBJECT_PREFIX,
  outcomeRecipientKey,
  OutcomeEventSchema,
  type OutcomeEvent,
} from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { encodeSend } from '../platform';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = (over: Partial<{ maxBroadcastRecipientsForEmail: bigint; monthlyQuota: bigint }> = {}) => ({ strictTargets: false, maxBroadcastRecipientsForEmail: 0n, ...over });
const email = { subject: 's', html: '<p>x</p>' };

jest.setTimeout(60_000);

interface Stored {
  subject: string;
  msgId: string | undefined;
  event: OutcomeEvent;
}

describe('delivery service: outcome events (HERALD_OUTCOMES)', () => {
  let h: Harness;
  let nc: NatsConnection;
  beforeAll(async () => {
    h = await startHarness({ BROADCAST_CHUNK_SIZE: '2' });
    nc = await connectNats(h.natsUrl, 'test-outcomes');
  });
  afterAll(async () => {
    await nc.close();
    await h.close();
  });

  /** Every event the stream holds for a project, in stream order. */
  async function stored(project: bigint): Promise<Stored[]> {
    const jsm = await jetstreamManager(nc);
    const ci = await jsm.consumers.add(OUTCOMES_STREAM, {
      filter_subject: `${OUTCOMES_SUBJECT_PREFIX}.${project}.>`,
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.All,
      inactive_threshold: nanos(30_000),
    });
    const out: Stored[] = [];
    try {
      if (ci.num_pending === 0) return out;
      const c = await jetstream(nc).consumers.get(OUTCOMES_STREAM, ci.name);
      const msgs = await c.fetch({ max_messages: ci.num_pending, expires: 5_000 });
      for await (const m of msgs) {
        out.push({ subject: m.subject, msgId: m.headers?.get('Nats-Msg-Id'), event: fromBinary(OutcomeEventSchema, m.data) });
        if (out.length === ci.num_pending) break;
      }
    } finally {
      await jsm.consumers.delete(OUTCOMES_STREAM, ci.name).catch(() => undefined);
    }
    return out;
  }
  const types = (events: Stored[]) => events.map((e) => e.event.type);
  /**
   * The project's events once at least `n` are in and every job of the delivery stream is done: a
   * job's events are published before it is acknowledged (work-queue retention then drops it), so
   * with the stream empty no more events of those jobs can arrive (a barrier, not a wait).
   */
  async function settle(project: bigint, n: number): Promise<Stored[]> {
    await eventually(`${n} events of project ${project}`, async () => (await stored(project)).length >= n, { timeoutMs: 20_000 });
    await eventually('delivery jobs done', async () => (await (await jetstreamManager(nc)).streams.info('HERALD_DELIVERY')).state.messages === 0, { timeoutMs: 20_000 });
    return stored(project);
  }
  const get = (project: bigint, id: bigint) => h.client.getNotification({ projectId: project, id }).then((r) => r.notification!);

  it('when a direct send is delivered and its email sent, then notification.delivered and email.sent are emitted once each, with subject, id and the stored notification', async () => {
    const project = h.project();
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|ann`, 'ann@outcomes.test');
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'ann', target, payloadJson: '{"title":"hi"}', email });
    const id = r.notification!.id;
    const events = await settle(project, 2);
    expect(types(events)).toEqual(['notification.delivered', 'email.sent']);
    const [delivered, sent] = events;
    const rkey = outcomeRecipientKey('ann');
    expect(delivered.subject).toBe(`herald.outcomes.${project}.${rkey}.notification.delivered`);
    expect(delivered.msgId).toBe(`n:${id}:delivered`);
    expect(delivered.event).toMatchObject({ id: `n:${id}:delivered`, projectId: project, recipientId: 'ann' });
    // Slim events: the payload is left out, and said to be.
    expect(delivered.event.notification).toMatchObject({ id, status: 'delivered' });
    expect(delivered.event.notification!.payloadJson).toBeUndefined();
    expect(delivered.event.payloadOmitted).toBe(true);
    expect(sent.event.id).toBe(`e:${id}:sent`);
    expect(sent.event.notification!.email).toMatchObject({ status: 'sent', address: 'ann@outcomes.test' });
    expect(sent.event.timestamp).toBeDefined();
  });

  it('when gating suppresses the in-app part and skips the email, then notification.suppressed and email.skipped are emitted; an email-only send emits no notification event', async () => {
    const project = h.project();
    h.peers.muted.add(`${project}|bo|in_app`);
    const muted = await h.client.send({ projectId: project, settings: settings(), recipientId: 'bo', target, payloadJson: '{}', email });
    const events = await settle(project, 2);
    expect(types(events).sort()).toEqual(['email.skipped', 'notification.suppressed']);
    expect(events.find((e) => e.event.type === 'email.skipped')!.event.notification!.email).toMatchObject({ status: 'skipped', reason: 'not_cataloged' });
    expect(events.every((e) => e.event.notification!.id === muted.notification!.id)).toBe(true);

    const other = h.project();
    await h.client.send({ projectId: other, settings: settings(), recipientId: 'cy', target, email });
    expect(types(await settle(other, 1))).toEqual(['email.skipped']);
  });

  it('when the quota is spent, then notification.quota_exceeded is emitted', async () => {
    const project = h.project();
    await h.client.send({ projectId: project, settings: settings({ monthlyQuota: 1n }), recipientId: 'di', target, payloadJson: '{}' });
    await settle(project, 1);
    await h.client.send({ projectId: project, settings: settings({ monthlyQuota: 1n }), recipientId: 'di', target, payloadJson: '{}' });
    expect(types(await settle(project, 2))).toEqual(['notification.delivered', 'notification.quota_exceeded']);
  });

  it('when a job is delivered again after its outcome was written (an idempotent replay), then nothing new is emitted', async () => {
    const project = h.project();
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|ed`, 'ed@outcomes.test');
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'ed', target, payloadJson: '{}', email });
    const id = r.notification!.id;
    expect(types(await settle(project, 2))).toEqual(['notification.delivered', 'email.sent']);
    // The same jobs again (another msgID, so the delivery stream takes them): the workers see the stored outcomes.
    const js = jetstream(nc);
    const send = { id: Number(id), projectId: Number(project), recipientId: 'ed', recipientSeq: 0, target, payloadJson: '{}', email: { subject: email.subject, html: email.html }, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null }, createdAt: new Date() };
    await js.publish(deliverySendSubject(id), encodeSend(send));
    await js.publish(DELIVERY_EMAIL_SUBJECT, toBinary(OutboundJobSchema, create(OutboundJobSchema, { projectId: project, notificationId: id })), { msgID: `replay-e-${id}` });
    await eventually('replayed jobs consumed', async () => {
      const jsm = await jetstreamManager(nc);
      return (await jsm.streams.info('HERALD_DELIVERY')).state.messages === 0;
    }, { timeoutMs: 10_000 });
    // Events are published before a job is acknowledged: with the stream empty, every event of the replay is in.
    expect(types(await stored(project))).toEqual(['notification.delivered', 'email.sent']);
  });

  it('when read and opened change, then notification.read / .opened / .unread are emitted once per change, and a repeated request emits nothing', async () => {
    const project = h.project();
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'fa', target, payloadJson: '{}' });
    const id = r.notification!.id;
    await settle(project, 1);
    await eventually('in-app delivered', async () => (await get(project, id)).status === 'delivered');
    await h.client.updateNotification({ projectId: project, recipientId: 'fa', id, read: true });
    await h.client.updateNotification({ projectId: project, recipientId: 'fa', id, read: true });
    await h.client.updateNotification({ projectId: project, recipientId: 'fa', id, opened: true });
    await h.client.updateNotification({ projectId: project, recipientId: 'fa', id, read: true, opened: true });
    await h.client.updateNotification({ projectId: project, recipientId: 'fa', id, read: false });
    const events = await settle(project, 4);
    expect(types(events)).toEqual(['notification.delivered', 'notification.read', 'notification.opened', 'notification.unread']);
    expect(events[1].event.notification).toMatchObject({ id, read: true, opened: false });
    expect(events[2].event.notification).toMatchObject({ id, read: true, opened: true });
    expect(events[3].event.notification).toMatchObject({ id, read: false, opened: true });
    expect(events[1].event.id).toMatch(new RegExp(`^n:${id}:read:\\d+$`));
  });

  it('when mark-all-read runs, then each notification it changed emits notification.read, and a second call emits nothing', async () => {
    const project = h.project();
    for (let i = 0; i < 3; i++) await h.client.send({ projectId: project, settings: settings(), recipientId: 'gu', target, payloadJson: '{}' });
    await settle(project, 3);
    const feed = await h.client.listFeed({ projectId: project, recipientId: 'gu', limit: 10 });
    await h.client.updateNotification({ projectId: project, recipientId: 'gu', id: feed.notifications[0].id, read: true });
    expect(Number((await h.client.markAllRead({ projectId: project, recipientId: 'gu' })).updated)).toBe(2);
    expect(Number((await h.client.markAllRead({ projectId: project, recipientId: 'gu' })).updated)).toBe(0);
    const events = await settle(project, 6);
    expect(types(events).filter((t) => t === 'notification.read')).toHaveLength(3);
    expect(new Set(events.filter((e) => e.event.type === 'notification.read').map((e) => e.event.notification!.id)).size).toBe(3);
    expect(events).toHaveLength(6);
  });

  it('when a broadcast completes, then each notification emits its outcome and the broadcast emits broadcast.completed once (project-level subject)', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['h1', 'h2', 'h3']);
    h.peers.muted.add(`${project}|h2|in_app`);
    const r = await h.client.send({ projectId: project, settings: settings(), target, payloadJson: '{"b":1}' });
    const events = await settle(project, 4);
    expect(types(events).filter((t) => t.startsWith('notification.')).sort()).toEqual(['notification.delivered', 'notification.delivered', 'notification.suppressed']);
    const completed = events.filter((e) => e.event.type === 'broadcast.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0].subject).toBe(`herald.outcomes.${project}._.broadcast.completed`);
    expect(completed[0].event).toMatchObject({ id: `b:${r.broadcast!.id}:completed`, recipientId: '' });
    expect(completed[0].event.broadcast).toMatchObject({ id: r.broadcast!.id, status: 'completed', notificationsCreated: 3n });
    expect(events).toHaveLength(4);
  });

  it('when a broadcast with email is over its email cap, then each eligible email emits email.skipped broadcast_limit_exceeded', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['k1', 'k2', 'k3']);
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    for (const k of ['k1', 'k2', 'k3']) h.peers.emails.set(`${project}|${k}`, `${k}@outcomes.test`);
    await h.client.send({ projectId: project, settings: settings({ maxBroadcastRecipientsForEmail: 2n }), target, payloadJson: '{}', email });
    const events = await settle(project, 7);
    const skipped = events.filter((e) => e.event.type === 'email.skipped');
    expect(skipped).toHaveLength(3);
    expect(skipped.every((e) => e.event.notification!.email!.reason === 'broadcast_limit_exceeded')).toBe(true);
    expect(types(events).filter((t) => t === 'broadcast.completed')).toHaveLength(1);
    expect(events).toHaveLength(7);
  });
});
