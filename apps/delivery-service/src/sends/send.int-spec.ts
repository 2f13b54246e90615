import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { errorOf } from '@herald/testing';
import { jetstream } from '@nats-io/jetstream';
import { deliverySendSubject } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { encodeSend } from '../platform';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = (over: Partial<{ strictTargets: boolean; maxBroadcastRecipientsForEmail: bigint; monthlyQuota: bigint }> = {}) => ({
  strictTargets: false,
  maxBroadcastRecipientsForEmail: 0n,
  ...over,
});
const uid = () => randomBytes(4).toString('hex');

interface SinkMessage {
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
}
async function mailsTo(address: string): Promise<SinkMessage[]> {
  const all = (await (await fetch(`${process.env.MAIL_API_URL}/messages`)).json()) as SinkMessage[];
  return all.filter((m) => m.to.includes(address));
}

jest.setTimeout(30_000);

describe('delivery service: sends and their outcomes', () => {
  let h: Harness;
  let mongo: MongoHandle;
  let nc: NatsConnection;
  beforeAll(async () => {
    h = await startHarness();
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    nc = await connectNats(h.natsUrl, 'test');
  });
  afterAll(async () => {
    await nc.drain();
    await mongo.close();
    await h.close();
  });

  const get = (project: bigint, id: bigint) => h.client.getNotification({ projectId: project, id }).then((r) => r.notification!);
  const settled = (project: bigint, id: bigint) =>
    eventually(`notification ${id} settled`, async () => {
      const n = await get(project, id);
      return n.status !== 'enqueued' && n.email!.status !== 'pending' ? n : undefined;
    }, { timeoutMs: 15_000 });

  it('when a direct send carries a payload, then it answers enqueued, creates the recipient, and the worker delivers it', async () => {
    const project = h.project();
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'alice', target, payloadJson: '{"title":"hi"}' });
    expect(r.notification!.status).toBe('enqueued');
    expect(r.notification!.email!.status).toBe('not_requested');
    expect(r.broadcast).toBeUndefined();
    expect(h.peers.hasRecipient(project, 'alice')).toBe(true);
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('delivered');
    expect(n.payloadJson).toBe('{"title":"hi"}');
  });

  it('when the recipient muted the target in-app, then the notification ends suppressed', async () => {
    const project = h.project();
    h.peers.muted.add(`${project}|bob|in_app`);
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'bob', target, payloadJson: '{}' });
    expect((await settled(project, r.notification!.id)).status).toBe('suppressed');
  });

  it('when a send has no target, then in-app delivers and the email is skipped no_target', async () => {
    const project = h.project();
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'c', payloadJson: '{}', email: { subject: 's', html: '<p>x</p>' } });
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('delivered');
    expect(n.email).toMatchObject({ status: 'skipped', reason: 'no_target' });
  });

  it('when email gating fails, then the email is skipped with the reason of the first failing gate', async () => {
    const project = h.project();
    const email = { subject: 's', html: '<p>x</p>' };
    const notCataloged = await h.client.send({ projectId: project, settings: settings(), recipientId: 'd1', target, email });
    expect((await settled(project, notCataloged.notification!.id)).email).toMatchObject({ status: 'skipped', reason: 'not_cataloged' });
    h.peers.catalog.add(`${project}|orders|any|shipped|email`);
    h.peers.muted.add(`${project}|d2|email`);
    const disabled = await h.client.send({ projectId: project, settings: settings(), recipientId: 'd2', target, email });
    const noContact = await h.client.send({ projectId: project, settings: settings(), recipientId: 'd3', target, email });
    expect((await settled(project, disabled.notification!.id)).email).toMatchObject({ status: 'skipped', reason: 'preference_disabled' });
    expect((await settled(project, noContact.notification!.id)).email).toMatchObject({ status: 'skipped', reason: 'no_primary_contact' });
  });

  it('when an email-only send passes gating, then it is not_requested in-app and the sink receives the mail with derived text', async () => {
    const project = h.project();
    const address = `e-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|erin`, address);
    const r = await h.client.send({
      projectId: project,
      settings: settings(),
      recipientId: 'erin',
      target,
      email: { subject: 'Your order shipped', html: '<h1>Shipped</h1><p>Track it <a href="https://t.test/1">here</a>.</p>' },
    });
    expect(r.notification!.status).toBe('not_requested');
    expect(r.notification!.email!.status).toBe('pending');
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('not_requested');
    expect(n.email).toMatchObject({ status: 'sent', address, attempts: 1 });
    expect(n.email!.messageId).toBeTruthy();
    expect(n.email!.sentAt).toBeDefined();
    const [mail] = await eventually('the mail', async () => ((await mailsTo(address)).length ? mailsTo(address) : undefined));
    expect(mail.subject).toBe('Your order shipped');
    expect(mail.html).toContain('<h1>Shipped</h1>');
    expect(mail.text).toContain('SHIPPED');
    expect(mail.text).toContain('https://t.test/1');
  });

  it('when the mail server refuses the address permanently, then address_rejected after one attempt, the contact is marked, and the next email is skipped address_undeliverable', async () => {
    const project = h.project();
    const address = `gone-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|gus`, address);
    const control = (refuse: object) => fetch(`${process.env.MAIL_API_URL}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refuse }) });
    await control({ address, code: 550, message: '5.1.1 no such user' });
    try {
      const email = { subject: 's', html: '<p>h</p>' };
      const first = await h.client.send({ projectId: project, settings: settings(), recipientId: 'gus', target, email });
      expect((await settled(project, first.notification!.id)).email).toMatchObject({ status: 'failed', reason: 'address_rejected', attempts: 1, address });
      expect(h.peers.undeliverable.get(`${project}|gus`)).toContain('5.1.1');
      const second = await h.client.send({ projectId: project, settings: settings(), recipientId: 'gus', target, email });
      expect((await settled(project, second.notification!.id)).email).toMatchObject({ status: 'skipped', reason: 'address_undeliverable', attempts: 0, address });
    } finally {
      await control({ address, code: 0 });
    }
  });

  it('when the primary email awaits its owner\'s confirmation, then no mail is sent: skipped contact_unconfirmed, the decision says so; once confirmed, it is sent', async () => {
    const project = h.project();
    const address = `unconfirmed-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|uma`, address);
    h.peers.unconfirmed.add(`${project}|uma`);
    const email = { subject: 'held back', html: '<p>h</p>' };
    const first = await h.client.send({ projectId: project, settings: settings(), recipientId: 'uma', target, email });
    const skipped = await settled(project, first.notification!.id);
    expect(skipped.email).toMatchObject({ status: 'skipped', reason: 'contact_unconfirmed', attempts: 0, address });
    expect(skipped.decision?.email?.because).toBe('contact_unconfirmed');
    h.peers.unconfirmed.delete(`${project}|uma`);
    const second = await h.client.send({ projectId: project, settings: settings(), recipientId: 'uma', target, email: { ...email, subject: 'let through' } });
    expect((await settled(project, second.notification!.id)).email).toMatchObject({ status: 'sent', address });
    // The sent mail is the only one the address ever got: the skipped one never reached the sink.
    const mails = await eventually('the mail', async () => ((await mailsTo(address)).length ? mailsTo(address) : undefined));
    expect(mails.map((m) => m.subject)).toEqual(['let through']);
  });

  it('when the contact cannot be marked at once, then the refused email is retried and ends address_rejected once it is marked', async () => {
    const project = h.project();
    const address = `gone-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|hal`, address);
    const control = (refuse: object) => fetch(`${process.env.MAIL_API_URL}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refuse }) });
    await control({ address, code: 550, message: '5.1.1 no such user' });
    h.peers.markFailures = 1;
    try {
      const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'hal', target, email: { subject: 's', html: '<p>h</p>' } });
      expect((await settled(project, r.notification!.id)).email).toMatchObject({ status: 'failed', reason: 'address_rejected', attempts: 2 });
      expect(h.peers.undeliverable.get(`${project}|hal`)).toContain('5.1.1');
    } finally {
      h.peers.markFailures = 0;
      await control({ address, code: 0 });
    }
  });

  it('when the email block has text, then the mail carries that text', async () => {
    const project = h.project();
    const address = `t-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|tom`, address);
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'tom', target, email: { subject: 'S', html: '<p>H</p>', text: 'plain words' } });
    expect((await settled(project, r.notification!.id)).email!.status).toBe('sent');
    const [mail] = await eventually('the mail', async () => ((await mailsTo(address)).length ? mailsTo(address) : undefined));
    expect(mail.text?.trim()).toBe('plain words');
  });

  it('when strict targets is on and a carried medium is not cataloged, then 400 target_not_cataloged and nothing is written', async () => {
    const project = h.project();
    h.peers.catalog.add(`${project}|orders|shipping|shipped|in_app`);
    const before = await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) });
    const err = await errorOf(
      h.client.send({ projectId: project, settings: settings({ strictTargets: true }), recipientId: 'newbie', target, payloadJson: '{}', email: { subject: 's', html: 'h' } }),
    );
    expect(err.code).toBe('target_not_cataloged');
    expect(h.peers.hasRecipient(project, 'newbie')).toBe(false);
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(before);
    // the in-app pair alone is cataloged: that send passes
    const ok = await h.client.send({ projectId: project, settings: settings({ strictTargets: true }), recipientId: 'newbie', target, payloadJson: '{}' });
    expect(ok.notification!.status).toBe('enqueued');
    // a topic `any` entry covers concrete topics; a send without target is never checked
    h.peers.catalog.add(`${project}|orders|any|shipped|email`);
    await h.client.send({ projectId: project, settings: settings({ strictTargets: true }), recipientId: 'newbie', target, email: { subject: 's', html: 'h' } });
    await h.client.send({ projectId: project, settings: settings({ strictTargets: true }), recipientId: 'newbie', payloadJson: '{}' });
  });

  it('when strict targets is on and a broadcast target is not cataloged, then 400 target_not_cataloged and no broadcast nor notification is written', async () => {
    const project = h.project();
    h.peers.addRecipients(project, ['s1', 's2']);
    const err = await errorOf(h.client.send({ projectId: project, settings: settings({ strictTargets: true }), target, payloadJson: '{}' }));
    expect(err.code).toBe('target_not_cataloged');
    expect(await mongo.db.collection('broadcasts').countDocuments({ project_id: Number(project) })).toBe(0);
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(0);
  });

  it('when the monthly quota is 0, then nothing is delivered: in-app ends quota_exceeded and the email is skipped quota_exceeded', async () => {
    const project = h.project();
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|zed`, `z-${uid()}@test.local`);
    const r = await h.client.send({ projectId: project, settings: settings({ monthlyQuota: 0n }), recipientId: 'zed', target, payloadJson: '{}', email: { subject: 's', html: 'h' } });
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('quota_exceeded');
    expect(n.email).toMatchObject({ status: 'skipped', reason: 'quota_exceeded' });
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(0);
  });

  it('when a refused send carried an Idempotency-Key, then the key is released; a repeated broadcast creates one broadcast', async () => {
    const project = h.project();
    const key = `k-${uid()}`;
    const refused = await errorOf(h.client.send({ projectId: project, settings: settings({ strictTargets: true }), recipientId: 'ivy', target, payloadJson: '{}', idempotencyKey: key }));
    expect(refused.code).toBe('target_not_cataloged');
    // the corrected request may use the same key: it is not a conflict with the refused one
    const ok = await h.client.send({ projectId: project, settings: settings(), recipientId: 'ivy', target, payloadJson: '{}', idempotencyKey: key });
    expect(ok.notification!.status).toBe('enqueued');

    const bkey = `b-${uid()}`;
    const req = { projectId: project, settings: settings(), target, payloadJson: '{"b":1}', idempotencyKey: bkey };
    const first = await h.client.send(req);
    const again = await h.client.send(req);
    expect(again.broadcast!.id).toBe(first.broadcast!.id);
    expect(await mongo.db.collection('broadcasts').countDocuments({ project_id: Number(project) })).toBe(1);
  });

  it('when the monthly quota is 3, then three units are delivered (in-app and email alike) and the rest ends quota_exceeded', async () => {
    const project = h.project();
    const address = `q-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|quinn`, address);
    const s = settings({ monthlyQuota: 3n });
    const ids: bigint[] = [];
    // one send with payload + email takes two units
    ids.push((await h.client.send({ projectId: project, settings: s, recipientId: 'quinn', target, payloadJson: '{}', email: { subject: 's', html: 'h' } })).notification!.id);
    const first = await settled(project, ids[0]);
    expect(first.status).toBe('delivered');
    expect(first.email!.status).toBe('sent');
    const rest = await Promise.all([1, 2, 3].map(() => h.client.send({ projectId: project, settings: s, recipientId: 'quinn', payloadJson: '{}' })));
    const outcomes = await Promise.all(rest.map((r) => settled(project, r.notification!.id)));
    expect(outcomes.map((n) => n.status).sort()).toEqual(['delivered', 'quota_exceeded', 'quota_exceeded']);
    const late = await h.client.send({ projectId: project, settings: s, recipientId: 'quinn', target, email: { subject: 's', html: 'h' } });
    expect((await settled(project, late.notification!.id)).email).toMatchObject({ status: 'skipped', reason: 'quota_exceeded' });
  });

  it('when a send repeats its Idempotency-Key, then the same body gets the first response and a different body 409', async () => {
    const project = h.project();
    const key = `k-${uid()}`;
    const req = { projectId: project, settings: settings(), recipientId: 'ida', target, payloadJson: '{"n":1}', idempotencyKey: key };
    const first = await h.client.send(req);
    await settled(project, first.notification!.id);
    const again = await h.client.send(req);
    expect(again.notification!.id).toBe(first.notification!.id);
    expect(again.notification!.status).toBe('enqueued');
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(1);
    const err = await errorOf(h.client.send({ ...req, payloadJson: '{"n":2}' }));
    expect(err.code).toBe('idempotency_conflict');
    // the same key in another project is unrelated
    const other = await h.client.send({ ...req, projectId: h.project() });
    expect(other.notification!.id).not.toBe(first.notification!.id);
  });

  it('when the first request with a key died after its claim (its send never written), then a repeat completes it under the same id, once', async () => {
    const project = h.project();
    const req = { projectId: project, settings: settings(), recipientId: 'ike', target, payloadJson: '{"n":1}' };
    // learn the request's hash from a completed send of the same body
    await h.client.send({ ...req, idempotencyKey: `seen-${uid()}` });
    const keys = mongo.db.collection<{ _id: string; request_hash: string; kind: string; ref_id: number; project_id: number; created_at: Date }>('idempotency_keys');
    const seen = (await keys.findOne({ project_id: Number(project) }))!;
    // as if a process claimed a key for send `ref` and died before writing it, a minute ago
    const key = `k-${uid()}`;
    const ref = 900_000_000 + Math.floor(Math.random() * 1e8);
    await keys.insertOne({ _id: `${project}:${key}`, project_id: Number(project), request_hash: seen.request_hash, kind: 'notification', ref_id: ref, created_at: new Date(Date.now() - 60_000) });
    const again = await h.client.send({ ...req, idempotencyKey: key });
    expect(Number(again.notification!.id)).toBe(ref);
    expect(again.notification!.status).toBe('enqueued');
    expect((await settled(project, again.notification!.id)).status).toBe('delivered');
    expect(await mongo.db.collection('notifications').countDocuments({ _id: ref } as object)).toBe(1);
    // once: the project holds the first send and this one, nothing else
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(2);
    // and a further repeat answers the same send
    expect(Number((await h.client.send({ ...req, idempotencyKey: key })).notification!.id)).toBe(ref);
  });

  it('when the first request with a key is still within its lease (claimed, send not written yet), then a repeat waits instead of sending, then completes it under the same id', async () => {
    const project = h.project();
    const req = { projectId: project, settings: settings(), recipientId: 'ina', target, payloadJson: '{"n":3}' };
    await h.client.send({ ...req, idempotencyKey: `seen-${uid()}` });
    const keys = mongo.db.collection<{ _id: string; request_hash: string; kind: string; ref_id: number; project_id: number; created_at: Date }>('idempotency_keys');
    const seen = (await keys.findOne({ project_id: Number(project) }))!;
    const key = `k-${uid()}`;
    const ref = 700_000_000 + Math.floor(Math.random() * 1e8);
    // as if another process claimed the key just now and is still writing its send
    await keys.insertOne({ _id: `${project}:${key}`, project_id: Number(project), request_hash: seen.request_hash, kind: 'notification', ref_id: ref, created_at: new Date() });
    // the repeat waits for the claim's lease, then writes the claimed send (that it waits until the
    // lease has passed, not less: send-notification.spec.ts, on a fake clock)
    const again = await h.client.send({ ...req, idempotencyKey: key });
    expect(Number(again.notification!.id)).toBe(ref);
    expect(await settled(project, BigInt(ref))).toMatchObject({ status: 'delivered' });
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(2);
  });

  it('when concurrent requests carry the same key, then one send is created and every one answers it', async () => {
    const project = h.project();
    const req = { projectId: project, settings: settings(), recipientId: 'jo', target, payloadJson: '{"c":1}', idempotencyKey: `k-${uid()}` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.client.send(req)));
    expect(new Set(answers.map((a) => a.notification!.id)).size).toBe(1);
    // Written by the worker once decided: counted once that one has settled.
    await settled(project, answers[0].notification!.id);
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(1);
  });

  it('when a broadcast repeats its key, then the first broadcast is answered as accepted', async () => {
    const project = h.project();
    const req = { projectId: project, settings: settings(), target, payloadJson: '{"b":2}', idempotencyKey: `k-${uid()}` };
    const first = await h.client.send(req);
    const again = await h.client.send(req);
    expect(again.broadcast!.id).toBe(first.broadcast!.id);
    expect(again.broadcast!.status).toBe('enqueued');
    expect(await mongo.db.collection('broadcasts').countDocuments({ project_id: Number(project) })).toBe(1);
  });

  it('when the worker died between writing a notification and publishing its email job, then the send, delivered again, publishes it: one mail', async () => {
    const project = h.project();
    const address = `eve-${uid()}@test.local`;
    h.peers.addRecipients(project, ['eve']);
    const id = 800_000_000 + Math.floor(Math.random() * 1e8);
    const at = new Date();
    // As the worker left it: the notification written (email pending with its address), no email
    // job published, the send not acknowledged: JetStream delivers the send again.
    await mongo.db.collection('notifications').insertOne({
      _id: id, project_id: Number(project), recipient_id: 'eve', broadcast_id: null, target, payload_json: null,
      read: false, opened: false, status: 'not_requested',
      email: { status: 'pending', reason: null, address, message_id: null, attempts: 0, sent_at: null, error: null },
      email_content: { subject: 'redelivered', html: '<p>late</p>' }, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null },
      decision: {}, created_at: at, updated_at: at,
    } as object);
    const js = jetstream(nc);
    await js.publish(deliverySendSubject(id), encodeSend({ id, projectId: Number(project), recipientId: 'eve', recipientSeq: 0, target, payloadJson: null, email: { subject: 'redelivered', html: '<p>late</p>' }, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null }, createdAt: at }));
    const n = await settled(project, BigInt(id));
    expect(n.email).toMatchObject({ status: 'sent', address, attempts: 1 });
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('when a send was accepted and its notification is not written yet, then reading it answers the send as accepted, never 404', async () => {
    const project = h.project();
    h.peers.preferencesDown = true;
    try {
      const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'wait', target, payloadJson: '{"w":1}' });
      const n = await get(project, r.notification!.id);
      expect(n).toMatchObject({ status: 'enqueued', payloadJson: '{"w":1}', recipientId: 'wait' });
      expect(await mongo.db.collection('notifications').countDocuments({ _id: Number(r.notification!.id) } as object)).toBe(0);
      expect((await errorOf(h.client.getNotification({ projectId: h.project(), id: r.notification!.id }))).code).toBe('notification_not_found');
    } finally {
      h.peers.preferencesDown = false;
    }
  });

  it.each<{ what: string; body: object; code: string }>([
    { what: 'neither payload nor email', body: { recipientId: 'x' }, code: 'no_medium' },
    { what: 'email on a broadcast with cap 0', body: { target, payloadJson: '{}', email: { subject: 's', html: 'h' } }, code: 'broadcast_email_not_allowed' },
    { what: 'a payload that is not an object', body: { recipientId: 'x', payloadJson: '[1]' }, code: 'validation_failed' },
    { what: 'a broadcast without target', body: { payloadJson: '{}' }, code: 'validation_failed' },
  ])('when the send has $what, then it fails with $code', async ({ body, code }) => {
    const err = await errorOf(h.client.send({ projectId: h.project(), settings: settings(), ...body }));
    expect(err.code).toBe(code);
  });

  it('when the notification id is unknown, then notification_not_found', async () => {
    expect((await errorOf(h.client.getNotification({ projectId: h.project(), id: 999_999_999n }))).code).toBe('notification_not_found');
  });
});
