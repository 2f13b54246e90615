import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { verifyWebhook } from '@herald/webhook-signature';
import { startGatewayReplica, type GatewayReplica } from '../../testing/gateway-replica';
import { call, createProject, uniqueId, TIMESTAMP, type TestProject } from '../../testing/rest-client';

interface Event {
  type: string;
  timestamp: string;
  data: { id: number; status?: string; read?: boolean; email?: { status: string; reason: string | null; address: string | null }; payload?: unknown; decision?: unknown };
}

/** A local endpoint that verifies every request's signature and keeps the events. */
async function verifyingReceiver(secret: () => string) {
  const events: { id: string; event: Event }[] = [];
  const bad: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        events.push({ id: String(req.headers['webhook-id']), event: verifyWebhook(secret(), req.headers as Record<string, string>, body) as Event });
        res.writeHead(204).end();
      } catch (err) {
        bad.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    events,
    bad,
    of: (type: string, id: number) => events.filter((e) => e.event.type === type && e.event.data.id === id),
    close: () => new Promise((r) => server.close(r)),
  };
}

const poll = <T>(read: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> => eventually('webhook condition', read) as Promise<T>;

/** The test infrastructure's SMTP sink (absent when SMTP_URL points elsewhere): makes it refuse an address (code 0: accept again). */
const mailApi = process.env.MAIL_API_URL;
async function sinkRefuses(address: string, code: number, message?: string) {
  const res = await fetch(`${mailApi}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refuse: { address, code, message } }) });
  if (!res.ok) throw new Error(`sink control answered ${res.status}`);
}

describe('webhooks through the gateway', () => {
  let p: TestProject;
  let secret = '';
  let rx: Awaited<ReturnType<typeof verifyingReceiver>>;
  const as = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(method, path, { key: p.fullKey, body, headers });
  beforeAll(async () => {
    p = await createProject('webhooks');
    rx = await verifyingReceiver(() => secret);
  });
  afterAll(async () => {
    await rx?.close();
  });
  /**
   * A barrier instead of "wait, then nothing more arrived": a marker send made after everything
   * above, whose event (`type`, `notification.delivered` by default; `email.sent` for one that
   * goes through the mail path) must arrive; an extra event of an earlier change would have been
   * published before it.
   */
  const barrier = async (type: 'notification.delivered' | 'email.sent' = 'notification.delivered', email?: { target: object; rid: string }) => {
    const rid = email?.rid ?? uniqueId('marker');
    const body = email ? { recipient_id: rid, target: email.target, email: { subject: 'marker', html: '<p>marker</p>' } } : { recipient_id: rid, payload: { marker: true } };
    const marker = await as('POST', '/notifications/send', body);
    expect(marker.status).toBe(201);
    await poll(() => rx.of(type, marker.body.data.notification.id).length === 1);
  };

  it('when an endpoint is created, then 201 shows the secret once; reads never show it; bad input is a 400 in the message family', async () => {
    const res = await as('POST', '/webhooks', { url: rx.url, description: 'all events' });
    expect(res.status).toBe(201);
    expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(res.body.data.webhook).toMatchObject({ url: rx.url, description: 'all events', event_types: [], status: 'enabled', disabled_reason: null, failing_since: null });
    expect(res.body.data.webhook.created_at).toMatch(TIMESTAMP);
    secret = res.body.data.secret;
    const id = res.body.data.webhook.id;
    const one = await as('GET', `/webhooks/${id}`);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain('whsec_');
    expect((await as('GET', '/webhooks')).body.data.webhooks.map((w: { id: number }) => w.id)).toEqual([id]);

    for (const body of [{ url: 'ftp://x.example/' }, { url: 'nope' }, {}, { url: rx.url, event_types: ['email.bounced'] }, { url: `https://x.example/${'a'.repeat(2048)}` }]) {
      const bad = await as('POST', '/webhooks', body);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: expect.any(String), code: 'validation_failed' });
    }
    expect((await as('PATCH', `/webhooks/${id}`, {})).status).toBe(400);
    for (const path of ['/webhooks/999999999', '/webhooks/abc', '/webhooks/007']) {
      const nf = await as('GET', path);
      expect(nf.status).toBe(404);
      expect(nf.body).toEqual({ message: 'Webhook not found', code: 'webhook_not_found' });
    }
    expect((await as('POST', `/webhooks/${id}/deliveries/999999999/retry`)).body.code).toBe('webhook_delivery_not_found');
    expect((await as('GET', `/webhooks/${id}/deliveries?status=lost`)).status).toBe(400);
    const rcpt = await call('GET', '/webhooks', { key: p.recipientKey });
    expect(rcpt.status).toBe(403);
    expect(rcpt.body.code).toBe('forbidden');
  });

  it('when notifications change state, then each change is one event, none for a no-op or an idempotent replay', async () => {
    const rid = uniqueId('hook');
    const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
    const headers = { 'Idempotency-Key': uniqueId('idem') };
    const first = await as('POST', '/notifications/send', { recipient_id: rid, target, payload: { n: 1 } }, headers);
    expect(first.status).toBe(201);
    const replay = await as('POST', '/notifications/send', { recipient_id: rid, target, payload: { n: 1 } }, headers);
    const nid = first.body.data.notification.id;
    expect(replay.body.data.notification.id).toBe(nid);
    await poll(() => rx.of('notification.delivered', nid).length === 1);

    expect((await as('PATCH', `/recipients/${rid}/notifications/${nid}`, { read: true })).status).toBe(200);
    await poll(() => rx.of('notification.read', nid).length === 1);
    await as('PATCH', `/recipients/${rid}/notifications/${nid}`, { read: true }); // no change
    await as('PATCH', `/recipients/${rid}/notifications/${nid}`, { opened: true });
    await poll(() => rx.of('notification.opened', nid).length === 1);

    // Email without a target: skipped (no_target), in-app delivered.
    const mail = await as('POST', '/notifications/send', { recipient_id: rid, payload: { n: 2 }, email: { subject: 's', html: '<p>h</p>' } });
    const mid = mail.body.data.notification.id;
    const skipped = await poll(() => rx.of('email.skipped', mid)[0]);
    expect(skipped.event.data.email).toMatchObject({ status: 'skipped', reason: 'no_target' });
    // The body carries what the REST API shows, payload and decision included (events are slim inside Herald).
    expect(skipped.event.data.payload).toEqual({ n: 2 });
    expect(skipped.event.data.decision).toEqual({
      in_app: { result: 'delivered', because: 'medium_default', rule: null },
      email: { result: 'skipped', because: 'no_target', rule: null },
    });
    expect(skipped.event.data).toEqual((await as('GET', `/notifications/${mid}`)).body.data);

    // A broadcast: one delivered event per recipient and one broadcast.completed.
    const b = await as('POST', '/notifications/send', { recipient_id: null, target, payload: { n: 3 } });
    const bid = b.body.data.broadcast.id;
    const done = await poll(() => rx.of('broadcast.completed', bid)[0]);
    expect(done.event.data).toMatchObject({ id: bid, status: 'completed' });

    await barrier();
    expect(rx.bad).toEqual([]);
    expect(rx.of('notification.delivered', nid)).toHaveLength(1); // the replayed send added nothing
    expect(rx.of('notification.read', nid)).toHaveLength(1); // the second read:true changed nothing
    expect(rx.of('notification.opened', nid)).toHaveLength(1);
    expect(rx.of('broadcast.completed', bid)).toHaveLength(1);
    const read = rx.of('notification.read', nid)[0].event;
    expect(read.data).toMatchObject({ id: nid, read: true, status: 'delivered' });
    expect(read.timestamp).toMatch(TIMESTAMP);
    // Every webhook-id is unique: one per state change.
    expect(new Set(rx.events.map((e) => e.id)).size).toBe(rx.events.length);
  });

  // Through real sends and the real mail path (the delivery service's own tests publish these events to the stream directly).
  (mailApi ? it : it.skip)('when emails go out or are refused permanently, then email.sent and email.failed arrive once each, with the email state as data', async () => {
    const mailTarget = { channel: 'billing', topic: 'hooks', event: 'issued' };
    expect((await as('PUT', '/preferences', [{ ...mailTarget, medium: 'email', name: 'billing hooks', default_enabled: true }])).status).toBe(200);
    const recipient = async () => {
      const id = uniqueId('hookmail');
      const address = `${id}@inbox.example`;
      expect((await as('POST', '/recipients', { id })).status).toBe(201);
      expect((await as('POST', `/recipients/${id}/contacts`, { medium: 'email', address, is_primary: true })).status).toBe(201);
      return { id, address };
    };
    const send = async (rid: string) => {
      const res = await as('POST', '/notifications/send', { recipient_id: rid, target: mailTarget, email: { subject: 'Invoice', html: '<p>42</p>' } });
      expect(res.status).toBe(201);
      return res.body.data.notification.id as number;
    };
    const ok = await recipient();
    const refused = await recipient();
    await sinkRefuses(refused.address, 550, '5.1.1 no such mailbox');
    try {
      const sentId = await send(ok.id);
      const failedId = await send(refused.id);
      const sent = await poll(() => rx.of('email.sent', sentId)[0]);
      expect(sent.event.data).toMatchObject({ id: sentId, email: { status: 'sent', reason: null, address: ok.address } });
      const failed = await poll(() => rx.of('email.failed', failedId)[0]);
      expect(failed.event.data).toMatchObject({ id: failedId, email: { status: 'failed', reason: 'address_rejected', address: refused.address } });
      await barrier('email.sent', { target: mailTarget, rid: (await recipient()).id });
      expect(rx.bad).toEqual([]);
      expect([rx.of('email.sent', sentId).length, rx.of('email.failed', sentId).length]).toEqual([1, 0]);
      expect([rx.of('email.failed', failedId).length, rx.of('email.sent', failedId).length]).toEqual([1, 0]);
    } finally {
      await sinkRefuses(refused.address, 0);
    }
  });

  it('when a test event is sent, then it arrives signed and the delivery log shows the attempt; rotation and delete work', async () => {
    const [w] = (await as('GET', '/webhooks')).body.data.webhooks;
    const t = await as('POST', `/webhooks/${w.id}/test`);
    expect(t.status).toBe(200);
    expect(t.body.data).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    await poll(() => rx.events.some((e) => e.event.type === 'webhook.test'));
    const log = await poll(async () => {
      const r = await as('GET', `/webhooks/${w.id}/deliveries?limit=1`);
      return r.body.data.deliveries[0]?.status === 'succeeded' ? r.body.data : undefined;
    });
    expect(log.deliveries[0]).toMatchObject({ event_type: 'webhook.test', attempts: 1, last_response_status: 204, next_attempt_at: null });
    expect(log.deliveries[0].attempt_log).toEqual([{ at: expect.stringMatching(TIMESTAMP), response_status: 204, latency_ms: expect.any(Number), error: null }]);
    expect(log.next_cursor).toEqual(expect.any(String));
    const next = await as('GET', `/webhooks/${w.id}/deliveries?limit=100&cursor=${log.next_cursor}&status=succeeded`);
    expect(next.status).toBe(200);
    expect(next.body.data.deliveries.length).toBeGreaterThan(3);

    const rotated = await as('POST', `/webhooks/${w.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(secret);
    const old = secret;
    secret = rotated.body.data.secret; // the receiver now verifies with the new secret...
    await as('POST', `/webhooks/${w.id}/test`);
    await poll(() => rx.events.filter((e) => e.event.type === 'webhook.test').length === 2);
    expect(rx.bad).toEqual([]);
    secret = old; // ...and the old one still verifies during the overlap
    await as('POST', `/webhooks/${w.id}/test`);
    await poll(() => rx.events.filter((e) => e.event.type === 'webhook.test').length === 3);
    expect(rx.bad).toEqual([]);

    const off = await as('PATCH', `/webhooks/${w.id}`, { enabled: false, event_types: ['email.sent'] });
    expect(off.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'manual', event_types: ['email.sent'] });
    expect((await as('DELETE', `/webhooks/${w.id}`)).body).toEqual({ message: 'Webhook deleted' });
    expect((await as('GET', `/webhooks/${w.id}`)).status).toBe(404);
  });
});

// The per-project budget of tests and retries, on a replica of its own at 0.01/s (one request's
// worth of burst, refilled in 100 s: nothing a slow machine can refill during the test).
describe('webhook tests and retries: a per-project budget', () => {
  let replica: GatewayReplica;
  let rx: Awaited<ReturnType<typeof verifyingReceiver>>;
  beforeAll(async () => {
    replica = await startGatewayReplica({ WEBHOOK_ACTIONS_PER_SECOND: '0.01' });
    rx = await verifyingReceiver(() => '');
  });
  afterAll(async () => {
    await replica?.close();
    await rx?.close();
  });

  it('when a project has spent its budget, then its tests and retries get 429 rate_limited with Retry-After; its other routes and other projects are unaffected; a bad id costs nothing', async () => {
    const on = (p: TestProject) => (method: string, path: string) => call(method, path, { key: p.fullKey, base: replica.baseUrl });
    const [a, b] = await Promise.all([createProject('webhook-budget-a'), createProject('webhook-budget-b')]);
    const asA = on(a);
    const asB = on(b);
    const hookA = (await call('POST', '/webhooks', { key: a.fullKey, body: { url: rx.url } })).body.data.webhook.id;
    const hookB = (await call('POST', '/webhooks', { key: b.fullKey, body: { url: rx.url } })).body.data.webhook.id;

    // Ids that are no ids are refused before the budget is touched.
    expect((await asA('POST', '/webhooks/not-an-id/test')).status).toBe(404);
    expect((await asA('POST', `/webhooks/${hookA}/deliveries/not-an-id/retry`)).status).toBe(404);

    const first = await asA('POST', `/webhooks/${hookA}/test`);
    expect(first.status).toBe(200);
    const again = await asA('POST', `/webhooks/${hookA}/test`);
    expect([again.status, again.body]).toEqual([429, { message: expect.any(String), code: 'rate_limited' }]);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const retry = await asA('POST', `/webhooks/${hookA}/deliveries/${first.body.data.id}/retry`);
    expect(retry.status).toBe(429);
    expect((await asA('GET', `/webhooks/${hookA}/deliveries`)).status).toBe(200);
    expect((await asB('POST', `/webhooks/${hookB}/test`)).status).toBe(200);
  });
});
