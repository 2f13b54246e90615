import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';
import { collectOutcomes, type OutcomeCollector } from '../testing/outcome-events';

// SMS and web push end to end through the delivery service: the real store and broker,
// the sink's fake SMS provider and fake push service (real protocols: the push fake verifies VAPID
// and decrypts with the subscription's private key), in-memory peers. The SMS status callbacks come
// back through a relay standing in for the gateway's POST /callbacks/sms/{token}.

const target = { channel: 'builds', topic: 'main', event: 'failed' };
const settings = (over: Partial<{ monthlyQuota: bigint; maxBroadcastRecipientsForPush: bigint }> = {}) => ({ strictTargets: false, maxBroadcastRecipientsForEmail: 0n, ...over });
const uid = () => randomBytes(4).toString('hex');

jest.setTimeout(60_000);

describe('delivery service: sms and web push', () => {
  let h: Harness;
  let sink: SmtpSink;
  let relay: http.Server;
  let outcomes: OutcomeCollector;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The gateway's callback route, in place: form → RecordSmsStatus.
    relay = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const token = (req.url ?? '').replace(/^\/callbacks\/sms\//, '');
        try {
          await h.client.recordSmsStatus({ token, messageSid: form.get('MessageSid') ?? '', status: form.get('MessageStatus') ?? '', errorCode: form.get('ErrorCode') ?? undefined });
          res.writeHead(200).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    h = await startHarness({
      SMTP_URL: sink.smtpUrl,
      SMS_URL: sink.apiUrl,
      SMS_ACCOUNT_SID: 'ACprimary',
      SMS_AUTH_TOKEN: 'primary-secret-token',
      SMS_FROM: '+15005550006',
      PUBLIC_BASE_URL: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
      CALLBACK_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOW_PRIVATE: '1',
      PUSH_ALLOWED_HOSTS: '*',
      PUSH_EXTRA_CA_FILE: sink.pushCaFile,
      PUSH_RETRY_BASE_MS: '100',
      SMS_RETRY_BASE_MS: '100',
    });
    outcomes = await collectOutcomes(h.natsUrl);
  });
  afterAll(async () => {
    await outcomes?.stop();
    await h?.close();
    await new Promise((r) => relay?.close(r));
    await sink?.stop();
  });

  const get = (project: bigint, id: bigint) => h.client.getNotification({ projectId: project, id }).then((r) => r.notification!);
  /** Until the notification's sms and push have left `pending` (and `sent`, when `final`). */
  const settled = (project: bigint, id: bigint, opts: { smsFinal?: boolean } = {}) =>
    eventually(`notification ${id} settled`, async () => {
      const n = await get(project, id);
      const waiting = ['enqueued'].includes(n.status) || n.sms!.status === 'pending' || n.push!.status === 'pending' || (opts.smsFinal && n.sms!.status === 'sent');
      return waiting ? undefined : n;
    }, { timeoutMs: 30_000 });
  const catalog = (project: bigint, medium: string) => h.peers.catalog.add(`${project}|${target.channel}|${target.topic}|${target.event}|${medium}`);

  it('when a cataloged sms send reaches a recipient with an E.164 contact, then the provider gets it, the outcome is sent by the primary, and the status callback moves it to delivered', async () => {
    const project = h.project();
    const rid = `sam-${uid()}`;
    const phone = `+4915${Date.now().toString().slice(-9)}`;
    catalog(project, 'sms');
    h.peers.contacts.sms.set(`${project}|${rid}`, phone);
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'Build 42 failed on main' } });
    expect(r.notification!.sms!.status).toBe('pending');
    const n = await settled(project, r.notification!.id, { smsFinal: true });
    expect(n.sms).toMatchObject({ status: 'delivered', address: phone, provider: 'sms-primary', attempts: 1 });
    expect(n.sms!.messageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(n.decision!.sms!.because).toBe('catalog_entry');
    // The fake records a callback's answer once it has it (just after the outcome moved).
    const got = await eventually('both callbacks answered', async () => {
      const mine = (await sink.sms.received()).filter((m) => m.to === phone);
      return mine.length === 1 && mine[0].callbacks.length === 2 ? mine : undefined;
    }, { timeoutMs: 10_000 });
    expect(got[0]).toMatchObject({ text: 'Build 42 failed on main', from: '+15005550006', account: 'ACprimary', sid: n.sms!.messageId });
    // The callbacks the fake made: sent (no change), then delivered (moved the outcome).
    expect(got[0].callbacks.map((c) => [c.status, c.answered])).toEqual([
      ['sent', 200],
      ['delivered', 200],
    ]);
    const ids = `s:${r.notification!.id}`;
    await eventually('sms.delivered event', async () => outcomes.ofId(`${ids}:delivered`).length === 1, { timeoutMs: 10_000 });
    expect(outcomes.ofId(`${ids}:sent`)[0].type).toBe('sms.sent');
    expect(outcomes.ofId(`${ids}:delivered`)[0].type).toBe('sms.delivered');
  });

  it('when the carrier cannot deliver the sms, then the callback moves it to undelivered with the provider error code', async () => {
    const project = h.project();
    const rid = `una-${uid()}`;
    const phone = `+4916${Date.now().toString().slice(-9)}`;
    await sink.sms.control({ undeliverable: phone });
    catalog(project, 'sms');
    h.peers.contacts.sms.set(`${project}|${rid}`, phone);
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'x' } });
    const n = await settled(project, r.notification!.id, { smsFinal: true });
    expect(n.sms).toMatchObject({ status: 'undelivered', error: 'The provider reported undelivered (error 30003)' });
  });

  it('when the provider calls back before the sender wrote `sent` (a fast provider), then the early status is kept and applied once `sent` is written', async () => {
    const project = h.project();
    const rid = `fast-${uid()}`;
    const phone = `+4914${Date.now().toString().slice(-9)}`;
    catalog(project, 'sms');
    h.peers.contacts.sms.set(`${project}|${rid}`, phone);
    await sink.sms.control({ early_callbacks: true });
    try {
      const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'fast' } });
      const n = await settled(project, r.notification!.id, { smsFinal: true });
      expect(n.sms).toMatchObject({ status: 'delivered', provider: 'sms-primary' });
      // Both callbacks were answered while the SMS was still pending: nothing changed then.
      const got = (await sink.sms.received()).find((m) => m.to === phone)!;
      expect(got.callbacks.map((c) => [c.status, c.answered])).toEqual([
        ['sent', 200],
        ['delivered', 200],
      ]);
      await eventually('sms.delivered event', async () => outcomes.ofId(`s:${r.notification!.id}:delivered`).length === 1, { timeoutMs: 10_000 });
    } finally {
      await sink.sms.control({ early_callbacks: false });
    }
  });

  it('when a forged or foreign callback token is used, then it is refused and nothing changes', async () => {
    const err = await h.client.recordSmsStatus({ token: 'c1.eyJwIjoxLCJuIjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', messageSid: 'SM1', status: 'delivered' }).catch((e: unknown) => e);
    expect(String(err)).toMatch(/callback URL is not valid/);
  });

  it('when the provider refuses the number (400, code 21211), then the sms fails address_rejected at once, the contact is marked, and it is not retried', async () => {
    const project = h.project();
    const rid = `bad-${uid()}`;
    catalog(project, 'sms');
    h.peers.contacts.sms.set(`${project}|${rid}`, '+15005550001');
    const before = await sink.sms.requests();
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'x' } });
    const n = await settled(project, r.notification!.id);
    expect(n.sms).toMatchObject({ status: 'failed', reason: 'address_rejected', attempts: 1 });
    expect(n.sms!.error).toContain('code 21211');
    expect(n.sms!.error).not.toContain('primary-secret-token');
    expect(await sink.sms.requests()).toBe(before + 1);
    expect(h.peers.marks).toContainEqual(expect.objectContaining({ medium: 'sms', recipientId: rid, address: '+15005550001' }));
    // The next sms to that contact is skipped without a request.
    const again = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'y' } });
    expect((await settled(project, again.notification!.id)).sms).toMatchObject({ status: 'skipped', reason: 'address_undeliverable' });
    expect(await sink.sms.requests()).toBe(before + 1);
  });

  it('when a cataloged push send reaches a recipient with a subscription, then the push service decrypts the payload with the subscription key and the outcome is sent', async () => {
    const project = h.project();
    const rid = `pia-${uid()}`;
    const sub = await sink.push.subscribe(vapid.publicKey);
    catalog(project, 'web_push');
    h.peers.contacts.web_push.set(`${project}|${rid}`, JSON.stringify(sub));
    const push = { title: 'Build failed', body: 'main is red', url: 'https://ci.example/builds/42', tag: 'build-42' };
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, payloadJson: '{"n":1}', push });
    const n = await settled(project, r.notification!.id);
    expect(n.push).toMatchObject({ status: 'sent', provider: 'web-push', attempts: 1, address: sub.endpoint });
    expect(n.push!.messageId).toContain('/push/messages/');
    expect(n.status).toBe('delivered');
    const got = (await sink.push.received()).filter((p) => p.endpoint === sub.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toEqual({ ...push, notification_id: Number(r.notification!.id), recipient_id: rid });
    expect(got[0]).toMatchObject({ ttl: 86_400, urgency: 'normal' });
    expect(got[0].topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await eventually('push.sent event', async () => outcomes.ofId(`p:${r.notification!.id}:sent`).length === 1, { timeoutMs: 10_000 });
  });

  it('when the push service answers 410, then the push fails subscription_expired, the contact is marked, it is not retried, and the next push is skipped', async () => {
    const project = h.project();
    const rid = `gone-${uid()}`;
    const sub = await sink.push.subscribe();
    await sink.push.control({ expire: sub.endpoint });
    catalog(project, 'web_push');
    h.peers.contacts.web_push.set(`${project}|${rid}`, JSON.stringify(sub));
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, push: { title: 't', body: 'b' } });
    const n = await settled(project, r.notification!.id);
    expect(n.push).toMatchObject({ status: 'failed', reason: 'subscription_expired', attempts: 1 });
    expect(n.decision!.webPush!.because).toBe('subscription_expired');
    expect(h.peers.marks).toContainEqual(expect.objectContaining({ medium: 'web_push', recipientId: rid, address: JSON.stringify(sub) }));
    const again = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, push: { title: 't', body: 'b' } });
    expect((await settled(project, again.notification!.id)).push).toMatchObject({ status: 'skipped', reason: 'subscription_expired' });
  });

  it('when the push service fails transiently (500), then the push is retried and sent once', async () => {
    const project = h.project();
    const rid = `retry-${uid()}`;
    const sub = await sink.push.subscribe();
    catalog(project, 'web_push');
    h.peers.contacts.web_push.set(`${project}|${rid}`, JSON.stringify(sub));
    await sink.push.control({ fail_next: 1, status: 500 });
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, push: { title: 't', body: 'b' } });
    const n = await settled(project, r.notification!.id);
    expect(n.push).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await sink.push.received()).filter((p) => p.endpoint === sub.endpoint)).toHaveLength(1);
  });

  it('when sms and push are not cataloged, disabled or have no contact, then each is skipped with its reason', async () => {
    const project = h.project();
    const [uncataloged, muted, nobody] = ['u', 'm', 'n'].map((p) => `${p}-${uid()}`);
    const phone = `+4917${Date.now().toString().slice(-9)}`;
    h.peers.contacts.sms.set(`${project}|${uncataloged}`, phone);
    const send = (rid: string) => h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'x' }, push: { title: 't', body: 'b' } });
    const first = await send(uncataloged);
    const a = await settled(project, first.notification!.id);
    expect([a.sms!.reason, a.push!.reason]).toEqual(['not_cataloged', 'not_cataloged']);
    catalog(project, 'sms');
    catalog(project, 'web_push');
    h.peers.contacts.sms.set(`${project}|${muted}`, phone);
    h.peers.muted.add(`${project}|${muted}|sms`);
    h.peers.muted.add(`${project}|${muted}|web_push`);
    const b = await settled(project, (await send(muted)).notification!.id);
    expect([b.sms!.reason, b.push!.reason]).toEqual(['preference_disabled', 'preference_disabled']);
    expect(b.decision!.sms!.because).toBe('recipient_rule');
    const c = await settled(project, (await send(nobody)).notification!.id);
    expect([c.sms!.reason, c.push!.reason]).toEqual(['no_primary_contact', 'no_primary_contact']);
    const noTarget = await h.client.send({ projectId: project, settings: settings(), recipientId: nobody, sms: { text: 'x' } });
    expect((await settled(project, noTarget.notification!.id)).sms!.reason).toBe('no_target');
    await eventually('sms.skipped event', async () => outcomes.ofId(`s:${first.notification!.id}:skipped`).length === 1, { timeoutMs: 10_000 });
  });

  it('when the monthly quota is 2 and a send asks for in-app, sms and push, then in-app and sms take the units and push is skipped quota_exceeded', async () => {
    const project = h.project();
    const rid = `quota-${uid()}`;
    const sub = await sink.push.subscribe();
    catalog(project, 'sms');
    catalog(project, 'web_push');
    h.peers.contacts.sms.set(`${project}|${rid}`, `+4918${Date.now().toString().slice(-9)}`);
    h.peers.contacts.web_push.set(`${project}|${rid}`, JSON.stringify(sub));
    const r = await h.client.send({ projectId: project, settings: settings({ monthlyQuota: 2n }), recipientId: rid, target, payloadJson: '{}', sms: { text: 'x' } });
    const n = await settled(project, r.notification!.id, { smsFinal: true });
    expect([n.status, n.sms!.status]).toEqual(['delivered', 'delivered']);
    const p = await h.client.send({ projectId: project, settings: settings({ monthlyQuota: 2n }), recipientId: rid, target, push: { title: 't', body: 'b' } });
    expect((await settled(project, p.notification!.id)).push).toMatchObject({ status: 'skipped', reason: 'quota_exceeded' });
  });

  it('when a broadcast carries push within the cap, then every subscribed recipient gets it; over the cap, none does and the push is blocked', async () => {
    const project = h.project();
    const subs = await Promise.all([0, 1, 2].map(() => sink.push.subscribe()));
    const ids = subs.map((_, i) => `b${i}-${uid()}`);
    h.peers.addRecipients(project, ids);
    catalog(project, 'web_push');
    ids.forEach((id, i) => h.peers.contacts.web_push.set(`${project}|${id}`, JSON.stringify(subs[i])));
    const push = { title: 'Maintenance', body: 'Tonight 22:00' };
    const within = await h.client.send({ projectId: project, settings: settings({ maxBroadcastRecipientsForPush: 3n }), target, payloadJson: '{"b":1}', push });
    expect(within.broadcast!.push!.status).toBe('pending');
    const done = await eventually('broadcast completed', async () => {
      const b = (await h.client.getBroadcast({ projectId: project, id: within.broadcast!.id })).broadcast!;
      return b.status === 'completed' ? b : undefined;
    }, { timeoutMs: 30_000 });
    expect(done.push).toMatchObject({ status: 'sent', eligible: 3n });
    await eventually('three pushes', async () => (await sink.push.received()).filter((p) => subs.some((s) => s.endpoint === p.endpoint)).length === 3, { timeoutMs: 30_000 });

    const over = await h.client.send({ projectId: project, settings: settings({ maxBroadcastRecipientsForPush: 2n }), target, payloadJson: '{"b":2}', push });
    const blocked = await eventually('broadcast completed', async () => {
      const b = (await h.client.getBroadcast({ projectId: project, id: over.broadcast!.id })).broadcast!;
      return b.status === 'completed' ? b : undefined;
    }, { timeoutMs: 30_000 });
    expect(blocked.push).toMatchObject({ status: 'blocked', eligible: 3n });
    expect((await sink.push.received()).filter((p) => subs.some((s) => s.endpoint === p.endpoint))).toHaveLength(3);
  });

  // Time-aware delivery on the outbound path: throttles hold any medium, scheduled sends and cancel hold SMS
  // and push too, and escalation and digests are email only.
  describe('with time-aware delivery', () => {
    const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
    const smsTo = async (phone: string) => (await sink.sms.received()).filter((m) => m.to === phone);
    const withSms = (project: bigint, rid: string) => {
      const phone = `+4917${String(Number(project) % 1000).padStart(3, '0')}${Date.now().toString().slice(-6)}`;
      h.peers.contacts.sms.set(`${project}|${rid}`, phone);
      return phone;
    };

    it('when an sms entry is throttled at 1, then the second sms is skipped throttled and never reaches the provider', async () => {
      const project = h.project();
      const rid = `th-${uid()}`;
      const phone = withSms(project, rid);
      h.peers.entries.set(`${project}|${target.channel}|${target.topic}|${target.event}|sms`, { id: 91n, throttle: { max: 1, windowSeconds: 3600 } });
      const first = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'one' } });
      expect((await settled(project, first.notification!.id)).sms!.status).not.toBe('skipped');
      const second = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'two' } });
      const n = await settled(project, second.notification!.id);
      expect(n.sms).toMatchObject({ status: 'skipped', reason: 'throttled' });
      expect(n.decision!.sms!.because).toBe('throttled');
      await eventually('first sms received', async () => ((await smsTo(phone)).length >= 1 ? true : undefined), { timeoutMs: 10_000 });
      expect((await smsTo(phone)).map((m) => m.text)).toEqual(['one']);
    });

    it('when a send with sms is scheduled, then the sms waits for send_at; canceled, it is skipped canceled and never sent', async () => {
      const project = h.project();
      catalog(project, 'sms');
      const rid = `sc-${uid()}`;
      const phone = withSms(project, rid);
      const sendAt = inMs(1_500);
      const r = await h.client.send({ projectId: project, settings: settings(), recipientId: rid, target, sms: { text: 'later' }, sendAt });
      expect(r.notification).toMatchObject({ status: 'scheduled', sms: { status: 'pending' } });
      const n = await settled(project, r.notification!.id);
      expect(n.sms!.status).not.toBe('skipped');
      expect(n.sms!.sentAt!.seconds * 1000n + BigInt(Math.floor(n.sms!.sentAt!.nanos / 1e6))).toBeGreaterThanOrEqual(BigInt(new Date(sendAt).getTime()));

      const rid2 = `cx-${uid()}`;
      const phone2 = withSms(project, rid2);
      const c = await h.client.send({ projectId: project, settings: settings(), recipientId: rid2, target, sms: { text: 'never' }, sendAt: inMs(60_000) });
      const canceled = (await h.client.cancelNotification({ projectId: project, id: c.notification!.id })).notification!;
      expect(canceled).toMatchObject({ status: 'canceled', sms: { status: 'skipped', reason: 'canceled' } });
      expect((await get(project, c.notification!.id)).sms).toMatchObject({ status: 'skipped', reason: 'canceled' });
      await eventually('scheduled sms received', async () => ((await smsTo(phone)).length >= 1 ? true : undefined), { timeoutMs: 10_000 });
      expect(await smsTo(phone2)).toHaveLength(0);
    });

    it("when a send's email is delayed (escalation), then its sms goes at once, not after the email's delay", async () => {
      const project = h.project();
      catalog(project, 'sms');
      catalog(project, 'email');
      const rid = `es-${uid()}`;
      const phone = withSms(project, rid);
      h.peers.emails.set(`${project}|${rid}`, `${rid}@test.local`);
      const r = await h.client.send({
        projectId: project,
        settings: settings(),
        recipientId: rid,
        target,
        payloadJson: '{}',
        sms: { text: 'now' },
        email: { subject: 's', html: '<p>x</p>', delaySeconds: 3_600, unless: 'read' },
      });
      const n = await settled(project, r.notification!.id);
      expect(n.sms!.status).not.toBe('skipped');
      expect(n.sms!.status).not.toBe('failed');
      await eventually('sms received at once', async () => ((await smsTo(phone)).length === 1 ? true : undefined), { timeoutMs: 10_000 });
      // The email waits for its timer (an hour).
      expect((await get(project, r.notification!.id)).email!.status).toBe('pending');
    });
  });
});
