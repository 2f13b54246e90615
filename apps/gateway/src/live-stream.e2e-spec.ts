import { Writable } from 'node:stream';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { build } from './app';
import { createServiceClients, type ServiceClients } from './clients';
import { readConfig } from './config';
import { baseUrl, call, createProject, uniqueId, type TestProject } from './test-support/rest-client';
import { openStream, type SseStream } from './test-support/sse-client';

jest.setTimeout(60_000);

/**
 * The live feed stream end to end: the stack's gateway (A) plus a second gateway replica (B)
 * started here in-process on the same store, broker and services, with small limits.
 */
describe('GET /recipients/{id}/notifications/stream', () => {
  let p: TestProject;
  let mongo: MongoHandle;
  let nats: NatsConnection;
  let services: ServiceClients;
  let b: FastifyInstance;
  let bUrl: string;
  const logLines: string[] = [];
  const streams: SseStream[] = [];

  beforeAll(async () => {
    const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
    const config = readConfig({
      ...env,
      PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: 'http://app.example.test',
      STREAM_MAX_PER_RECIPIENT: '2',
      STREAM_HEARTBEAT_MS: '300',
      STREAM_REPLAY_MAX: '3',
    });
    mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, 'gateway-b');
    nats = await connectNats(config.NATS_URL, 'gateway-b');
    services = createServiceClients(config);
    const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
    b = await build({ config, logger: pino({ level: 'info' }, sink), db: mongo.db, nats, services, pingStore: mongo.ping });
    await b.listen({ host: '127.0.0.1', port: 0 });
    const address = b.server.address();
    bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    p = await createProject('live-stream');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await b?.close();
    services?.close();
    await nats?.drain();
    await mongo?.close();
  });

  const open = async (base: string, recipientId: string, opts: { token?: string; key?: string; lastEventId?: string; origin?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
    if (opts.origin) headers.origin = opts.origin;
    const q = opts.token ? `?token=${encodeURIComponent(opts.token)}` : '';
    const s = await openStream(`${base}/recipients/${encodeURIComponent(recipientId)}/notifications/stream${q}`, headers);
    streams.push(s);
    return s;
  };
  const newRecipient = async () => {
    const id = uniqueId('live');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    const token = (await call('POST', `/recipients/${id}/tokens`, { key: p.fullKey, body: { ttl_seconds: 600 } })).body.data.token as string;
    return { id, token };
  };
  const send = async (recipientId: string, title: string) => {
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: recipientId, payload: { title } } });
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  };
  const isNotification = (id: number) => (e: { event: string; data: { notification?: { id: number } } }) => e.event === 'notification' && e.data.notification?.id === id;

  it('when a recipient token opens the stream with ?token=, then it gets unread_count on connect, each new notification (the feed object) with the count, and never its token in the logs', async () => {
    const r = await newRecipient();
    const before = await send(r.id, 'before');
    await new Promise((res) => setTimeout(res, 300));
    const s = await open(baseUrl(), r.id, { token: r.token });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await s.next(() => true);
    expect(first.event).toBe('unread_count');
    expect(Number(first.id)).toBeGreaterThan(0);
    expect(first.data.unread_count).toBeGreaterThanOrEqual(0);

    const sentAt = Date.now();
    const id = await send(r.id, 'hello');
    const e = await s.next(isNotification(id), 5000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(e.data.notification).toMatchObject({ id, recipient_id: r.id, payload: { title: 'hello' }, read: false, status: 'delivered' });
    expect(e.data.unread_count).toBe(2);
    expect(Number(e.id)).toBeGreaterThan(Number(first.id));
    // The same object as the feed.
    const feed = await call('GET', `/recipients/${r.id}/notifications`, { key: p.fullKey });
    const inFeed = feed.body.data.notifications.find((n: { id: number }) => n.id === id);
    expect(e.data.notification).toEqual({ ...inFeed, email: e.data.notification.email });
    expect(s.events.some(isNotification(before))).toBe(false);
    const count = await s.next((x) => x.event === 'unread_count' && Number(x.id) === Number(e.id));
    expect(count.data).toEqual({ unread_count: 2 });

    // On replica B, whose logs are captured: a stream with ?token= leaves no trace of the token.
    const sb = await open(bUrl, r.id, { token: r.token });
    expect(sb.status).toBe(200);
    await sb.next((x) => x.event === 'unread_count');
    sb.close();
    await new Promise((res) => setTimeout(res, 200));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(r.token);
    expect(logLines.join('')).not.toContain('token=');
  });

  it('when read, opened or mark-all-read change notifications, then notification.updated events carry them and the count goes down', async () => {
    const r = await newRecipient();
    const s = await open(baseUrl(), r.id, { token: r.token });
    await s.next((e) => e.event === 'unread_count');
    const n1 = await send(r.id, 'one');
    const n2 = await send(r.id, 'two');
    await s.next(isNotification(n2));
    await s.next(isNotification(n1));
    expect((await call('PATCH', `/recipients/${r.id}/notifications/${n1}`, { key: r.token, body: { read: true, opened: true } })).status).toBe(200);
    const updated = await s.next((e) => e.event === 'notification.updated' && e.data.notification.id === n1 && e.data.notification.opened === true);
    expect(updated.data.notification).toMatchObject({ id: n1, read: true, opened: true });
    expect(updated.data.unread_count).toBe(1);
    expect((await call('POST', `/recipients/${r.id}/notifications/mark_all_read`, { key: r.token })).status).toBe(200);
    const all = await s.next((e) => e.event === 'notification.updated' && e.data.notification.id === n2);
    expect(all.data).toMatchObject({ notification: { read: true }, unread_count: 0 });
    await s.next((e) => e.event === 'unread_count' && e.data.unread_count === 0);
    const ids = s.events.map((e) => Number(e.id));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });

  it('when a client reconnects with Last-Event-ID, then what it missed is replayed first; beyond the window it gets reset', async () => {
    const r = await newRecipient();
    const s = await open(baseUrl(), r.id, { token: r.token });
    const hello = await s.next((e) => e.event === 'unread_count');
    s.close();
    const missed = [await send(r.id, 'm1'), await send(r.id, 'm2')];
    await new Promise((res) => setTimeout(res, 800));
    const again = await open(baseUrl(), r.id, { token: r.token, lastEventId: hello.id! });
    const replayed = await again.next(isNotification(missed[1]));
    expect(again.events.filter((e) => e.event === 'notification').map((e) => e.data.notification.id)).toEqual(missed);
    expect(replayed.data.unread_count).toBe(2);
    // Replica B replays at most 3: four missed events are a reset.
    const last = await again.next((e) => e.event === 'unread_count');
    again.close();
    for (let i = 0; i < 4; i++) await send(r.id, `x${i}`);
    await new Promise((res) => setTimeout(res, 800));
    const onB = await open(bUrl, r.id, { token: r.token, lastEventId: last.id! });
    const reset = await onB.next((e) => e.event === 'reset');
    expect(reset.data).toEqual({ reason: 'replay_window_exceeded', unread_count: 6 });
    expect(onB.events.some((e) => e.event === 'notification')).toBe(false);
    const bogus = await open(bUrl, r.id, { token: r.token, lastEventId: '999999999999' });
    await bogus.next((e) => e.event === 'reset');
  });

  it('when the stream is held by another replica than the one that took the send, then the event still arrives (NATS, not process memory); heartbeats flow', async () => {
    const r = await newRecipient();
    const s = await open(bUrl, r.id, { token: r.token });
    await s.next((e) => e.event === 'unread_count');
    const id = await send(r.id, 'across replicas'); // through gateway A
    await s.next(isNotification(id));
    await new Promise((res) => setTimeout(res, 700));
    expect(s.comments).toBeGreaterThanOrEqual(1);
    const text = await b.metricsRegistry.metrics();
    expect(text).toMatch(/herald_live_streams_open\{[^}]*\} [1-9]/);
    expect(text).toMatch(/herald_live_events_sent_total\{[^}]*event="notification"[^}]*\} [1-9]/);
  });

  it('when a credential does not cover the recipient, then 401/403/404 as for the feed; beyond the per-recipient limit, 429 too_many_streams with Retry-After', async () => {
    const r = await newRecipient();
    const other = await newRecipient();
    expect((await open(baseUrl(), r.id)).status).toBe(401);
    expect((await open(baseUrl(), r.id, { token: 'nrt_not-a-token' })).status).toBe(401);
    const forbidden = await open(baseUrl(), r.id, { token: other.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: expect.any(String), code: 'forbidden' });
    expect((await open(baseUrl(), uniqueId('nobody'), { key: p.fullKey })).status).toBe(404);
    expect((await open(baseUrl(), r.id, { key: p.recipientKey })).status).toBe(200);

    const s1 = await open(bUrl, r.id, { token: r.token });
    const s2 = await open(bUrl, r.id, { key: p.fullKey });
    expect([s1.status, s2.status]).toEqual([200, 200]);
    const third = await open(bUrl, r.id, { token: r.token });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(third.body).toEqual({ message: expect.stringContaining('at most 2'), code: 'too_many_streams' });
    s1.close();
    await new Promise((res) => setTimeout(res, 200));
    expect((await open(bUrl, r.id, { token: r.token })).status).toBe(200);
  });

  it('when a browser preflights from an allowed origin, then 204 without credentials, with the allowed and exposed headers; another origin gets no CORS headers', async () => {
    const pre = await fetch(`${bUrl}/recipients/x/notifications/stream`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,last-event-id' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(pre.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Request-Id');
    const post = await fetch(`${bUrl}/notifications/send`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
    });
    expect(post.status).toBe(204);
    expect(post.headers.get('access-control-allow-methods')).toContain('POST');

    const r = await newRecipient();
    const get = await fetch(`${bUrl}/recipients/${r.id}/notifications/unread_count`, { headers: { origin: 'http://app.example.test', authorization: `Bearer ${r.token}` } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(get.headers.get('access-control-expose-headers')).toBe('X-API-Version, X-Request-Id, Retry-After');
    const s = await open(bUrl, r.id, { token: r.token, origin: 'http://app.example.test' });
    expect(s.headers.get('access-control-allow-origin')).toBe('http://app.example.test');

    const elsewhere = await fetch(`${bUrl}/recipients/${r.id}/notifications/unread_count`, { headers: { origin: 'http://evil.example.test', authorization: `Bearer ${r.token}` } });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when /openapi.json is read, then the stream is documented as text/event-stream with its token and Last-Event-ID parameters', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const op = doc.paths['/recipients/{recipient_id}/notifications/stream'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(op.parameters.map((x: { name: string; in: string }) => `${x.in}:${x.name}`).sort()).toEqual(['header:last-event-id', 'path:recipient_id', 'query:token']);
    expect(op.responses['4XX'] ?? op.responses['4xx'] ?? op.responses['429']).toBeDefined();
  });

  it('when the replica shuts down, then its streams end cleanly (clients reconnect elsewhere)', async () => {
    const r = await newRecipient();
    const s = await open(bUrl, r.id, { token: r.token });
    await s.next((e) => e.event === 'unread_count');
    const closing = b.close();
    await Promise.race([s.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('stream not ended')), 5000))]);
    await closing;
  });
});
