import { Code, ConnectError } from '@connectrpc/connect';
import { jetstreamManager } from '@nats-io/jetstream';
import { OUTCOME_TYPES, OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { verifyWebhook } from '@herald/webhook-signature';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';
import { eventually } from '@herald/testing';
import { outcomeEvent, outcomePublisher } from '../testing/outcome-events';
import { startReceiver, type Receiver, type Reply } from '../testing/webhook-receiver';
import { createWebhookSender } from './http-sender';

jest.setTimeout(60_000);

type Publisher = Awaited<ReturnType<typeof outcomePublisher>>;
const rpcCode = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as ConnectError).code;
  }
};

describe('webhooks: endpoints, fan-out, signing, retries (delivery service against the real store and broker)', () => {
  let h: Harness;
  let pub: Publisher;
  let nc: NatsConnection;
  const receivers: Receiver[] = [];
  /**
   * Every published event has been fanned out (the dispatcher's consumer holds nothing pending or
   * unacknowledged; an event is acknowledged after its first attempts): a barrier, so "nothing more
   * arrives" is checked without waiting a fixed time.
   */
  const fannedOut = () =>
    eventually('every event fanned out', async () => {
      const ci = await (await jetstreamManager(nc)).consumers.info(OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER);
      return ci.num_pending === 0 && ci.num_ack_pending === 0;
    }, { timeoutMs: 15_000 });
  const receiver = async (reply?: (r: { body: string }, i: number) => Reply) => {
    const r = await startReceiver(reply);
    receivers.push(r);
    return r;
  };
  // The service's clock: a test moves it past a time rule's period instead of waiting for it to pass.
  const clock = createMovableClock();
  beforeAll(async () => {
    h = await startHarness({
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SCHEDULE_MS: '0,200,400,800',
      WEBHOOK_POLL_EVERY_MS: '100',
      WEBHOOK_DISABLE_AFTER_MS: '6000',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_INLINE_WAIT_MS: '300',
      // The endpoints' breakers open after 5 failures in a row (the default) for 200 ms at first.
      WEBHOOK_BREAKER_OPEN_MS: '200',
      WEBHOOK_BREAKER_MAX_OPEN_MS: '1000',
    }, { clock });
    pub = await outcomePublisher(h.natsUrl);
    nc = await connectNats(h.natsUrl, 'webhooks-test');
  });
  afterAll(async () => {
    await nc?.close();
    await pub?.close();
    for (const r of receivers) await r.close();
    await h?.close();
  });

  it('when every public event type is published, then a subscribed endpoint gets each once, signed, with the REST view as data', async () => {
    const projectId = h.project();
    const rx = await receiver();
    const created = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const other = await receiver();
    await h.webhooks.createWebhook({ projectId: h.project(), url: other.url, eventTypes: [] }); // another project's endpoint

    const events = OUTCOME_TYPES.map((t) => outcomeEvent(projectId, t)); // the outcome-driven webhook types (the list ones: the gateway's list-webhooks.e2e-spec.ts)
    await pub.publish(...events);
    await pub.publish(events[0]); // the same event again (msgID): dropped by the stream
    await pub.publish(outcomeEvent(projectId, 'notification.unread')); // internal type: not a webhook event

    await eventually('every event received', async () => rx.received.length >= events.length, { timeoutMs: 15_000 });
    await fannedOut();
    expect(rx.received).toHaveLength(events.length);
    expect(other.received).toHaveLength(0);
    for (const ev of events) {
      const [req] = rx.byId(ev.id);
      const body = verifyWebhook(created.secret, req.headers as Record<string, string>, req.body) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(body.type).toBe(ev.type);
      expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      if (ev.broadcast) expect(body.data).toMatchObject({ id: Number(ev.broadcast.id), status: ev.type.slice('broadcast.'.length), recipients_total: 3 });
      else expect(body.data).toMatchObject({ id: Number(ev.notification!.id), recipient_id: 'alice', payload: { title: 'hi' }, email: { status: 'not_requested' } });
    }
  });

  it('when an endpoint filters event types, then it gets only those', async () => {
    const projectId = h.project();
    const rx = await receiver();
    await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: ['email.failed', 'broadcast.completed'] });
    await pub.publish(outcomeEvent(projectId, 'notification.delivered'), outcomeEvent(projectId, 'email.failed'), outcomeEvent(projectId, 'broadcast.completed'), outcomeEvent(projectId, 'email.sent'));
    await eventually('filtered events', async () => rx.received.length >= 2, { timeoutMs: 10_000 });
    await fannedOut();
    expect(rx.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(['broadcast.completed', 'email.failed']);
  });

  it('when the receiver fails and then recovers, then every event arrives and the log shows each attempt', async () => {
    const projectId = h.project();
    const failing = new Map<string, number>();
    // Each event is refused twice (500, then 503 with Retry-After), then accepted.
    const rx = await receiver((r) => {
      const id = JSON.parse(r.body).data.id as number;
      const n = (failing.get(String(id)) ?? 0) + 1;
      failing.set(String(id), n);
      if (n === 1) return { status: 500, body: 'x'.repeat(5000) };
      if (n === 2) return { status: 503, headers: { 'retry-after': '1' } };
      return { status: 200, body: 'ok' };
    });
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    const events = Array.from({ length: 5 }, () => outcomeEvent(projectId, 'notification.delivered'));
    await pub.publish(...events);
    const wid = webhook!.id;
    const page = await eventually('all deliveries succeeded', async () => {
        const p = await h.webhooks.listWebhookDeliveries({ projectId, webhookId: wid, limit: 100 });
        return p.deliveries.length === 5 && p.deliveries.every((d) => d.status === 'succeeded') ? p : undefined;
      }, { timeoutMs: 20_000 }
    );
    for (const ev of events) expect(rx.byId(ev.id).length).toBe(3);
    for (const d of page.deliveries) {
      expect(d.attempts).toBe(3);
      expect(d.attemptLog.map((a) => a.responseStatus)).toEqual([500, 503, 200]);
      expect(d.lastResponseStatus).toBe(200);
      expect(d.lastResponseBody).toBe('ok');
      // Retry-After: 1 s honoured between the second and third attempt.
      const [, second, third] = d.attemptLog.map((a) => Number(a.at!.seconds) * 1000 + a.at!.nanos / 1e6);
      expect(third - second).toBeGreaterThanOrEqual(900);
    }
    // The endpoint recovered: no longer failing.
    const w = (await h.webhooks.getWebhook({ projectId, id: wid })).webhook!;
    expect(w.status).toBe('enabled');
    expect(w.failingSince).toBeUndefined();
    // Newest first, cursor paging and the status filter.
    const first = await h.webhooks.listWebhookDeliveries({ projectId, webhookId: wid, limit: 2 });
    expect(first.deliveries).toHaveLength(2);
    expect(first.nextCursor).not.toBe('');
    const rest = await h.webhooks.listWebhookDeliveries({ projectId, webhookId: wid, limit: 10, cursor: first.nextCursor });
    expect(rest.deliveries).toHaveLength(3);
    expect(rest.nextCursor).toBe('');
    const ids = [...first.deliveries, ...rest.deliveries].map((d) => Number(d.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await h.webhooks.listWebhookDeliveries({ projectId, webhookId: wid, status: 'failed' })).deliveries).toHaveLength(0);
  });

  it('when a first attempt outlasts the inline wait, then its delivery is written claimed (pending, no attempt) and completed when the answer comes', async () => {
    const projectId = h.project();
    // The receiver holds every request until the test has seen the claimed records (a barrier, not a delay).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const rx = await receiver(() => ({ status: 200, body: 'slow', until: held }));
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    const events = Array.from({ length: 3 }, () => outcomeEvent(projectId, 'email.sent'));
    await pub.publish(...events);
    const list = async () => (await h.webhooks.listWebhookDeliveries({ projectId, webhookId: webhook!.id, limit: 100 })).deliveries;
    // Written after the inline wait while the receiver still holds the requests.
    const early = await eventually('claimed records written', async () => ((await list()).length === 3 ? list() : undefined), { timeoutMs: 5_000 });
    expect(rx.received.length).toBe(3);
    expect(early.map((d) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
    release();
    const done = await eventually('completed', async () => ((await list()).every((d) => d.status === 'succeeded') ? list() : undefined), { timeoutMs: 10_000 });
    for (const d of done) expect([d.attempts, d.attemptLog.map((a) => a.responseStatus), d.lastResponseBody]).toEqual([1, [200], 'slow']);
    for (const ev of events) expect(rx.byId(ev.id)).toHaveLength(1); // the claim held: not attempted again by the poller
  });

  it('when the receiver answers 410, then the endpoint is disabled at once (reason gone) and gets nothing more', async () => {
    const projectId = h.project();
    const rx = await receiver(() => ({ status: 410 }));
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    await pub.publish(outcomeEvent(projectId, 'email.sent'));
    const w = await eventually('webhook disabled', async () => {
      const x = (await h.webhooks.getWebhook({ projectId, id: webhook!.id })).webhook!;
      return x.status === 'disabled' ? x : undefined;
    });
    expect(w.disabledReason).toBe('gone');
    expect(rx.received).toHaveLength(1);
    await pub.publish(outcomeEvent(projectId, 'email.sent'));
    await fannedOut();
    expect(rx.received).toHaveLength(1);
    const [d] = (await h.webhooks.listWebhookDeliveries({ projectId, webhookId: webhook!.id })).deliveries;
    expect(d.status).toBe('failed');
    expect(d.attempts).toBe(1);
  });

  it('when every attempt fails, then the delivery fails after the schedule, and failing past the limit disables the endpoint (reason failing)', async () => {
    const projectId = h.project();
    const rx = await receiver(() => ({ status: 302, headers: { location: 'http://127.0.0.1:1/' } }));
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    await pub.publish(outcomeEvent(projectId, 'notification.failed'));
    const d = await eventually('delivery failed', async () => {
      const [x] = (await h.webhooks.listWebhookDeliveries({ projectId, webhookId: webhook!.id })).deliveries;
      return x?.status === 'failed' ? x : undefined;
    });
    expect(d.attempts).toBe(4); // the test schedule has four attempts
    expect(d.lastError).toMatch(/redirect \(302\) not followed/);
    expect(rx.received).toHaveLength(4); // the redirect was never followed
    const failing = (await h.webhooks.getWebhook({ projectId, id: webhook!.id })).webhook!;
    expect(failing.status).toBe('enabled');
    expect(failing.failingSince).toBeDefined();
    // Past WEBHOOK_DISABLE_AFTER_MS (6 s here) of failing, the next failed attempt disables it: the
    // service's clock moves 7 s on (failing since no later than its now).
    clock.advance(7_000);
    await h.webhooks.retryWebhookDelivery({ projectId, webhookId: webhook!.id, id: d.id });
    const w = await eventually('webhook disabled', async () => {
      const x = (await h.webhooks.getWebhook({ projectId, id: webhook!.id })).webhook!;
      return x.status === 'disabled' ? x : undefined;
    });
    expect(w.disabledReason).toBe('failing');
    // Re-enabled by PATCH: failing state cleared.
    const back = (await h.webhooks.updateWebhook({ projectId, id: webhook!.id, enabled: true })).webhook!;
    expect(back.status).toBe('enabled');
    expect(back.disabledReason).toBeUndefined();
    expect(back.failingSince).toBeUndefined();
  });

  it('when the secret is rotated, then requests carry both signatures for 24 h, each verifying', async () => {
    const projectId = h.project();
    const rx = await receiver();
    const created = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    const rotated = await h.webhooks.rotateWebhookSecret({ projectId, id: created.webhook!.id });
    expect(rotated.secret).not.toBe(created.secret);
    const ev = outcomeEvent(projectId, 'notification.opened');
    await pub.publish(ev);
    await eventually('the event received', async () => rx.byId(ev.id).length === 1);
    const [req] = rx.byId(ev.id);
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [created.secret, rotated.secret]) expect(verifyWebhook(secret, req.headers as Record<string, string>, req.body)).toMatchObject({ type: 'notification.opened' });
    // A second rotation drops the first secret at once (only the one current before it overlaps).
    const again = await h.webhooks.rotateWebhookSecret({ projectId, id: created.webhook!.id });
    const ev2 = outcomeEvent(projectId, 'notification.opened');
    await pub.publish(ev2);
    await eventually('the second event received', async () => rx.byId(ev2.id).length === 1);
    const [req2] = rx.byId(ev2.id);
    expect(() => verifyWebhook(created.secret, req2.headers as Record<string, string>, req2.body)).toThrow();
    for (const secret of [rotated.secret, again.secret]) expect(verifyWebhook(secret, req2.headers as Record<string, string>, req2.body)).toBeTruthy();
  });

  it('when a test event is requested, then webhook.test arrives and its delivery is in the log', async () => {
    const projectId = h.project();
    const rx = await receiver();
    const created = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: ['email.sent'] });
    const { delivery } = await h.webhooks.testWebhook({ projectId, id: created.webhook!.id });
    expect(delivery!.eventType).toBe('webhook.test');
    await eventually('the test event received', async () => rx.received.length === 1);
    expect(verifyWebhook(created.secret, rx.received[0].headers as Record<string, string>, rx.received[0].body)).toMatchObject({ type: 'webhook.test', data: { webhook_id: Number(created.webhook!.id) } });
    // A retry of a settled delivery sends it once more.
    await eventually('delivery succeeded', async () => (await h.webhooks.listWebhookDeliveries({ projectId, webhookId: created.webhook!.id })).deliveries[0]?.status === 'succeeded');
    await h.webhooks.retryWebhookDelivery({ projectId, webhookId: created.webhook!.id, id: delivery!.id });
    await eventually('the retried delivery received', async () => rx.received.length === 2);
    expect(rx.received[1].headers['webhook-id']).toBe(rx.received[0].headers['webhook-id']);
  });

  it('when input is bad or names nothing, then the errors say so; a project has at most 20 endpoints', async () => {
    const projectId = h.project();
    for (const url of ['ftp://example.com/x', 'not a url', `https://example.com/${'a'.repeat(2048)}`, 'https://user:pw@example.com/']) {
      expect(await rpcCode(h.webhooks.createWebhook({ projectId, url, eventTypes: [] }))).toBe(Code.InvalidArgument);
    }
    expect(await rpcCode(h.webhooks.createWebhook({ projectId, url: 'https://example.com/', eventTypes: ['email.bounced'] }))).toBe(Code.InvalidArgument);
    expect(await rpcCode(h.webhooks.getWebhook({ projectId, id: 999_999_999n }))).toBe(Code.NotFound);
    expect(await rpcCode(h.webhooks.listWebhookDeliveries({ projectId, webhookId: 999_999_999n }))).toBe(Code.NotFound);
    const made = await Promise.all(Array.from({ length: 22 }, () => rpcCode(h.webhooks.createWebhook({ projectId, url: 'https://example.com/hook', eventTypes: [] }))));
    expect(made.filter((c) => c === 'ok')).toHaveLength(20);
    expect(made.filter((c) => c === Code.AlreadyExists)).toHaveLength(2);
    const list = (await h.webhooks.listWebhooks({ projectId })).webhooks;
    expect(list).toHaveLength(20);
    await h.webhooks.deleteWebhook({ projectId, id: list[0].id });
    expect(await rpcCode(h.webhooks.createWebhook({ projectId, url: 'https://example.com/hook', eventTypes: [] }))).toBe('ok');
    expect(await rpcCode(h.webhooks.deleteWebhook({ projectId, id: list[0].id }))).toBe(Code.NotFound);
    // Another project cannot see or change them.
    expect(await rpcCode(h.webhooks.getWebhook({ projectId: h.project(), id: list[1].id }))).toBe(Code.NotFound);
  });
});

describe('webhook sender: private targets', () => {
  it('when private addresses are not allowed, then a loopback target is refused after DNS resolution and as a literal', async () => {
    const rx = await startReceiver();
    const send = createWebhookSender({ timeoutMs: 2000, allowPrivate: false, userAgent: 't' });
    const allowed = createWebhookSender({ timeoutMs: 2000, allowPrivate: true, userAgent: 't' });
    try {
      for (const url of [rx.url, `http://[::ffff:127.0.0.1]:${rx.port}/hook`]) {
        const r = await send({ url, headers: {}, body: '{}' });
        expect(r.status).toBeNull();
        expect(r.error).toMatch(/^address not allowed: .* is loopback, private/);
      }
      // A name is refused in terms of the name: the log never says what it resolved to.
      const byName = await send({ url: `http://localhost:${rx.port}/hook`, headers: {}, body: '{}' });
      expect(byName.error).toBe('address not allowed: localhost resolves only to loopback, private, link-local or reserved addresses (WEBHOOK_ALLOW_PRIVATE=1 allows them)');
      expect(rx.received).toHaveLength(0);
      expect((await allowed({ url: `http://localhost:${rx.port}/hook`, headers: {}, body: '{}' })).status).toBe(204);
    } finally {
      send.close();
      allowed.close();
      await rx.close();
    }
  });

  it('when a connection by name is refused, then the error names the host and port of the URL, not the address connected to', async () => {
    const rx = await startReceiver();
    const port = rx.port;
    await rx.close(); // nothing listens there any more
    const allowed = createWebhookSender({ timeoutMs: 2000, allowPrivate: true, userAgent: 't' });
    try {
      const r = await allowed({ url: `http://localhost:${port}/hook`, headers: {}, body: '{}' });
      expect(r.status).toBeNull();
      expect(r.error).toBe(`connection refused by localhost:${port}`);
      expect(r.error).not.toMatch(/127\.0\.0\.1|::1/);
    } finally {
      allowed.close();
    }
  });
});
