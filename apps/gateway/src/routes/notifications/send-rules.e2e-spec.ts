import { MongoClient } from 'mongodb';
import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

/**
 * The send rules through REST against the real
 * services: coverage is decided by the preference service, contacts by the recipient service,
 * gating and quota by the delivery service, mail by the SMTP sink. No fake peers.
 */

interface SinkMessage {
  to: string[];
  subject: string;
}
async function mailsTo(address: string): Promise<SinkMessage[]> {
  const all = (await (await fetch(`${process.env.MAIL_API_URL}/messages`)).json()) as SinkMessage[];
  return all.filter((m) => m.to.includes(address));
}

const poll = <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => eventually(what, read) as Promise<T>;

const email = (subject: string) => ({ subject, html: `<p>${subject}</p>` });

describe('send rules through REST against the real services', () => {
  const as = (p: TestProject) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(method, path, { key: p.fullKey, body, headers });

  /** A notification once it left `enqueued` and its email left `pending`. */
  const settled = (p: TestProject, id: number): Promise<JsonBody> =>
    poll(async () => {
      const n = (await as(p)('GET', `/notifications/${id}`)).body.data;
      return n && n.status !== 'enqueued' && n.email.status !== 'pending' ? n : undefined;
    }, `notification ${id} settled`);

  const catalog = async (p: TestProject, target: { channel: string; topic: string; event: string }, medium: string, over: Record<string, unknown> = {}) => {
    const res = await as(p)('POST', '/preferences', { ...target, medium, name: `${medium} entry`, default_enabled: true, ...over });
    expect(res.status).toBe(201);
  };
  /** A recipient with a primary email contact; returns its address. */
  const mailable = async (p: TestProject, rid: string) => {
    const address = `${rid}@example.com`.toLowerCase();
    expect((await as(p)('POST', '/recipients', { id: rid })).status).toBe(201);
    expect((await as(p)('POST', `/recipients/${rid}/contacts`, { medium: 'email', address, is_primary: true })).status).toBe(201);
    return address;
  };
  const send = async (p: TestProject, body: Record<string, unknown>, headers?: Record<string, string>) => {
    const res = await as(p)('POST', '/notifications/send', body, headers);
    expect([res.status, res.body.code]).toEqual([201, undefined]);
    return res.body.data as JsonBody;
  };

  describe('strict targets', () => {
    let p: TestProject;
    const target = { channel: 'billing', topic: 'invoice', event: 'issued' };
    beforeAll(async () => {
      p = await createProject('strict', { strict_targets: true });
      await catalog(p, target, 'in_app');
    });

    it('when a send carries payload and email and only the in-app pair is cataloged, then 400 target_not_cataloged and nothing is written', async () => {
      const rid = uniqueId('strict');
      const res = await as(p)('POST', '/notifications/send', { recipient_id: rid, target, payload: { a: 1 }, email: email('s') });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), code: 'target_not_cataloged' });
      // not even the recipient a direct send would have created
      expect((await as(p)('GET', `/recipients/${rid}`)).status).toBe(404);
    });

    it('when the send asks only for the cataloged medium, or names no target, then it is accepted', async () => {
      expect((await send(p, { recipient_id: uniqueId('strict'), target, payload: { a: 1 } })).notification.status).toBe('enqueued');
      expect((await send(p, { recipient_id: uniqueId('strict'), payload: { a: 1 } })).notification.status).toBe('enqueued');
    });

    it('when a `topic: any` entry covers the channel and event, then any concrete topic passes; an uncovered broadcast is refused', async () => {
      await catalog(p, { channel: 'billing', topic: 'any', event: 'paid' }, 'email');
      const covered = await send(p, { recipient_id: uniqueId('strict'), target: { channel: 'billing', topic: 'inv-42', event: 'paid' }, email: email('paid') });
      expect(covered.notification.status).toBe('not_requested');
      const res = await as(p)('POST', '/notifications/send', { recipient_id: null, target: { channel: 'billing', topic: 'x', event: 'refunded' }, payload: {} });
      expect([res.status, res.body.code]).toEqual([400, 'target_not_cataloged']);
    });
  });

  describe('email gating: every skip reason, and the mail that is sent', () => {
    let p: TestProject;
    const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
    beforeAll(async () => {
      p = await createProject('email-gating');
      await catalog(p, target, 'email');
      await catalog(p, { channel: 'orders', topic: 'quiet', event: 'shipped' }, 'email', { default_enabled: false });
    });

    it('when the pair is cataloged, enabled and the recipient has a primary address, then the email is sent and arrives', async () => {
      const rid = uniqueId('sent');
      const address = await mailable(p, rid);
      const n = await settled(p, (await send(p, { recipient_id: rid, target, email: email(`sent ${rid}`) })).notification.id);
      expect(n.status).toBe('not_requested');
      expect(n.email).toMatchObject({ status: 'sent', reason: null, address });
      const mails = await poll(async () => ((await mailsTo(address)).length ? mailsTo(address) : undefined), 'the mail');
      expect(mails.map((m) => m.subject)).toEqual([`sent ${rid}`]);
    });

    it.each([
      ['no_target', 'the send names no target', async (rid: string) => ({ recipient_id: rid, email: email('x') })],
      ['not_cataloged', 'no entry covers (target, email)', async (rid: string) => ({ recipient_id: rid, target: { ...target, event: 'returned' }, email: email('x') })],
      [
        'preference_disabled',
        "the recipient's own rule turns email off",
        async (rid: string) => {
          const res = await call('PATCH', `/recipients/${rid}/preferences`, { key: p.fullKey, body: { target, medium: 'email', state: { enabled: false } } });
          expect(res.status).toBe(200);
          return { recipient_id: rid, target, email: email('x') };
        },
      ],
      ['preference_disabled', 'the entry defaults to off and the recipient has no rule', async (rid: string) => ({ recipient_id: rid, target: { ...target, topic: 'quiet' }, email: email('x') })],
      [
        'no_primary_contact',
        'the recipient has an email contact that is not primary',
        async (rid: string) => {
          expect((await call('PATCH', `/recipients/${rid}/contacts/${(await call('GET', `/recipients/${rid}/contacts`, { key: p.fullKey })).body.data.contacts[0].id}`, { key: p.fullKey, body: { is_primary: false } })).status).toBe(200);
          return { recipient_id: rid, target, payload: { a: 1 }, email: email('x') };
        },
      ],
    ])('when %s (%s), then the send succeeds, the email is skipped with that reason and no mail goes out', async (reason, _what, prepare) => {
      const rid = uniqueId('skip');
      const address = await mailable(p, rid);
      const body = await prepare(rid);
      const n = await settled(p, (await send(p, body)).notification.id);
      expect(n.email).toMatchObject({ status: 'skipped', reason });
      expect(n.status).toBe('payload' in body ? 'delivered' : 'not_requested');
      expect(await mailsTo(address)).toEqual([]);
    });
  });

  describe('broadcast email cap (max_broadcast_recipients_for_email)', () => {
    const target = { channel: 'news', topic: 'weekly', event: 'digest' };
    const project = async (cap: number, mailableRecipients: number) => {
      const p = await createProject(`cap-${cap}`, { max_broadcast_recipients_for_email: cap });
      await catalog(p, target, 'in_app');
      await catalog(p, target, 'email');
      const addresses = [];
      for (let i = 0; i < mailableRecipients; i++) addresses.push(await mailable(p, uniqueId(`cap${cap}`)));
      return { p, addresses };
    };
    const completed = (p: TestProject, id: number) =>
      poll(async () => {
        const b = (await as(p)('GET', `/broadcasts/${id}`)).body.data;
        return b?.status === 'completed' && b.email?.status !== 'pending' ? b : undefined;
      }, `broadcast ${id} completed`);

    it('when the cap is 0, then a broadcast with an email block is 400 broadcast_email_not_allowed', async () => {
      const { p } = await project(0, 0);
      const res = await as(p)('POST', '/notifications/send', { recipient_id: null, target, payload: {}, email: email('x') });
      expect([res.status, res.body.code]).toEqual([400, 'broadcast_email_not_allowed']);
    });

    it('when eligible recipients are within the cap, then every one gets the mail', async () => {
      const { p, addresses } = await project(2, 2);
      const subject = uniqueId('within');
      const sent = await send(p, { recipient_id: null, target, payload: { a: 1 }, email: email(subject) });
      expect(sent.broadcast.email).toEqual({ status: 'pending' });
      const b = await completed(p, sent.broadcast.id);
      expect(b).toMatchObject({ recipients_total: 2, notifications_created: 2, email: { status: 'sent', eligible: 2 } });
      for (const address of addresses) {
        const mails = await poll(async () => ((await mailsTo(address)).length ? mailsTo(address) : undefined), `mail to ${address}`);
        expect(mails.map((m) => m.subject)).toEqual([subject]);
      }
    });

    it('when more recipients are eligible than the cap, then no email of the broadcast is sent, each skipped broadcast_limit_exceeded', async () => {
      const { p, addresses } = await project(2, 3);
      const sent = await send(p, { recipient_id: null, target, payload: { a: 1 }, email: email('over') });
      const b = await completed(p, sent.broadcast.id);
      expect(b).toMatchObject({ recipients_total: 3, notifications_created: 3, email: { status: 'blocked', eligible: 3 } });
      const recipients = (await as(p)('GET', '/recipients?limit=10')).body.data.recipients as Array<{ id: string }>;
      for (const r of recipients) {
        const feed = (await as(p)('GET', `/recipients/${encodeURIComponent(r.id)}/notifications`)).body.data.notifications;
        expect(feed).toEqual([expect.objectContaining({ broadcast_id: sent.broadcast.id, status: 'delivered', email: expect.objectContaining({ status: 'skipped', reason: 'broadcast_limit_exceeded' }) })]);
      }
      for (const address of addresses) expect(await mailsTo(address)).toEqual([]);
    });
  });

  describe('monthly quota', () => {
    const target = { channel: 'alerts', topic: 'all', event: 'fired' };

    it('when the quota is 1, then one in-app delivery counts it and the next ends quota_exceeded', async () => {
      const p = await createProject('quota-inapp', { monthly_quota: 1 });
      const rid = uniqueId('q');
      const first = await settled(p, (await send(p, { recipient_id: rid, target, payload: { n: 1 } })).notification.id);
      expect(first.status).toBe('delivered');
      const second = await settled(p, (await send(p, { recipient_id: rid, target, payload: { n: 2 } })).notification.id);
      expect(second.status).toBe('quota_exceeded');
      const feed = (await as(p)('GET', `/recipients/${rid}/notifications`)).body.data.notifications;
      expect(feed.map((n: JsonBody) => n.id)).toEqual([first.id]);
    });

    it('when the quota is 2, then an in-app delivery and an email spend it, and the next email is skipped quota_exceeded without a mail', async () => {
      const p = await createProject('quota-email', { monthly_quota: 2 });
      await catalog(p, target, 'email');
      const rid = uniqueId('q');
      const address = await mailable(p, rid);
      const first = await settled(p, (await send(p, { recipient_id: rid, target, payload: { n: 1 }, email: email('first') })).notification.id);
      expect([first.status, first.email.status]).toEqual(['delivered', 'sent']);
      await poll(async () => ((await mailsTo(address)).length ? true : undefined), 'the first mail');
      const late = await settled(p, (await send(p, { recipient_id: rid, target, email: email('late') })).notification.id);
      expect(late.email).toMatchObject({ status: 'skipped', reason: 'quota_exceeded' });
      const inApp = await settled(p, (await send(p, { recipient_id: rid, target, payload: { n: 2 } })).notification.id);
      expect(inApp.status).toBe('quota_exceeded');
      expect((await mailsTo(address)).map((m) => m.subject)).toEqual(['first']);
    });
  });

  describe('Idempotency-Key', () => {
    let p: TestProject;
    let mongo: MongoClient;
    beforeAll(async () => {
      p = await createProject('idempotency');
      mongo = await MongoClient.connect(process.env.MONGO_URL!);
    });
    afterAll(async () => {
      await mongo?.close();
    });

    /** The delivery service's record of a key this project used (found in whichever database holds it). */
    const keyRecord = async (key: string) => {
      const { databases } = await mongo.db().admin().listDatabases({ nameOnly: true });
      for (const { name } of databases.filter((d) => d.name.endsWith('_delivery'))) {
        const doc = await mongo.db(name).collection<{ _id: string }>('idempotency_keys').findOne({ _id: `${p.id}:${key}` });
        if (doc) return { db: mongo.db(name), doc: doc as unknown as { request_hash: string } };
      }
      throw new Error(`no record of key ${key}`);
    };
    /** Sends `body` once under a fresh key and plants a claim on `key` for the same request, `ageMs` old, naming a send never written. */
    const plantClaim = async (body: Record<string, unknown>, key: string, ageMs: number) => {
      const seenKey = uniqueId('seen');
      await send(p, body, { 'idempotency-key': seenKey });
      const { db, doc } = await keyRecord(seenKey);
      const ref = 600_000_000 + Math.floor(Math.random() * 1e8);
      await db.collection('idempotency_keys').insertOne({ _id: `${p.id}:${key}` as never, project_id: p.id, request_hash: doc.request_hash, kind: 'notification', ref_id: ref, created_at: new Date(Date.now() - ageMs) });
      return ref;
    };
    const feedOf = async (rid: string) => (await as(p)('GET', `/recipients/${rid}/notifications?limit=100`)).body.data.notifications as JsonBody[];

    it('when concurrent requests carry the same key and body, then one notification is created and every answer names it', async () => {
      const rid = uniqueId('idem');
      const key = uniqueId('k');
      const answers = await Promise.all(Array.from({ length: 6 }, () => as(p)('POST', '/notifications/send', { recipient_id: rid, payload: { c: 1 } }, { 'idempotency-key': key })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      const ids = new Set(answers.map((a) => a.body.data.notification.id));
      expect(ids.size).toBe(1);
      await settled(p, [...ids][0]);
      expect((await feedOf(rid)).map((n) => n.id)).toEqual([...ids]);
    });

    it('when concurrent requests carry the same key with different bodies, then one is accepted and the others 409 idempotency_conflict', async () => {
      const rid = uniqueId('idem');
      const key = uniqueId('k');
      const answers = await Promise.all([1, 2, 3, 4].map((c) => as(p)('POST', '/notifications/send', { recipient_id: rid, payload: { c } }, { 'idempotency-key': key })));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.code]).toEqual([409, 'idempotency_conflict']);
      const accepted = answers.find((a) => a.status === 201)!.body.data.notification.id;
      await settled(p, accepted);
      expect((await feedOf(rid)).map((n) => n.id)).toEqual([accepted]);
    });

    it('when the first request with the key crashed after its claim (lease expired), then a repeat writes the claimed send once, under its id', async () => {
      const rid = uniqueId('idem');
      const body = { recipient_id: rid, payload: { crash: 1 } };
      const key = uniqueId('k');
      const ref = await plantClaim(body, key, 60_000);
      const again = await as(p)('POST', '/notifications/send', body, { 'idempotency-key': key });
      expect([again.status, again.body.data?.notification?.id]).toEqual([201, ref]);
      expect((await settled(p, ref)).status).toBe('delivered');
      const repeat = await as(p)('POST', '/notifications/send', body, { 'idempotency-key': key });
      expect(repeat.body.data.notification.id).toBe(ref);
      // the planting send and the completed claim: nothing else
      expect((await feedOf(rid)).map((n) => n.id).filter((id: number) => id === ref)).toEqual([ref]);
      expect(await feedOf(rid)).toHaveLength(2);
    });

    it('when the first request with the key is still in progress (within its lease), then a repeat waits instead of sending twice, then answers the claimed send', async () => {
      const rid = uniqueId('idem');
      const body = { recipient_id: rid, payload: { wait: 1 } };
      const key = uniqueId('k');
      const ref = await plantClaim(body, key, 0);
      // It holds off until the claim's lease (5 s) runs out, then writes the claimed send once (that
      // it waits until the lease has passed, not less: the delivery service's send-notification.spec.ts, on a fake clock).
      const again = await as(p)('POST', '/notifications/send', body, { 'idempotency-key': key });
      expect([again.status, again.body.data?.notification?.id]).toEqual([201, ref]);
      await settled(p, ref);
      expect(await feedOf(rid)).toHaveLength(2);
    });
  });
});
