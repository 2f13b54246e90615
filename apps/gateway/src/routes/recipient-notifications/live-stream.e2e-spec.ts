import { Writable } from 'node:stream';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { eventually } from '@herald/testing';
import { build } from '../../app';
import { createServiceClients, type ServiceClients } from '../../plugins/external/services/service-clients';
import { readConfig } from '../../config';
import { adminToken, baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { openStream, type SseStream } from '../../testing/sse-client';

jest.setTimeout(60_000);

interface Replica {
  url: string;
  app: FastifyInstance;
  logLines: string[];
  close(): Promise<void>;
}

/** Another gateway replica, in-process, on the stack's store, broker and services, with its own settings. */
async function startReplica(name: string, settings: Record<string, string>): Promise<Replica> {
  const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
  const config = readConfig({ ...env, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', ...settings });
  const mongo: MongoHandle = await connectMongo(config.MONGO_URL, config.MONGO_DB, name);
  const nats: NatsConnection = await connectNats(config.NATS_URL, name);
  const services: ServiceClients = createServiceClients(config);
  const logLines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  const app = await build({ config, logger: pino({ level: 'info' }, sink), db: mongo.db, nats, services, pingStore: mongo.ping });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  let closed = false;
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    app,
    logLines,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      services.close();
      await nats.drain();
      await mongo.close();
    },
  };
}

/** The reasons of the streams a replica closed, from its logs. */
const closeReasons = (r: Replica) => r.logLines.filter((l) => l.includes('live stream closed')).map((l) => JSON.parse(l).reason as string);

/**
 * The live feed stream end to end: the stack's gateway (A) plus a second gateway replica (B)
 * started here in-process on the same store, broker and services, with small limits (and, for a
 * few tests, replicas of their own).
 */
describe('GET /recipients/{id}/notifications/stream', () => {
  let p: TestProject;
  let b: Replica;
  const streams: SseStream[] = [];
  const replicas: Replica[] = [];

  beforeAll(async () => {
    b = await startReplica('gateway-b', { CORS_ORIGINS: 'http://app.example.test', STREAM_MAX_PER_RECIPIENT: '2', STREAM_HEARTBEAT_MS: '300', STREAM_REPLAY_MAX: '3' });
    replicas.push(b);
    p = await createProject('live-stream');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const r of replicas) await r.close();
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
  const mintToken = async (id: string, key = p.fullKey, ttl = 600) => (await call('POST', `/recipients/${id}/tokens`, { key, body: { ttl_seconds: ttl } })).body.data.token as string;
  const newRecipient = async (id = uniqueId('live')) => {
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    return { id, token: await mintToken(id) };
  };
  const send = async (recipientId: string, title: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: recipientId, payload: { title, ...extra } } });
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  };
  const isNotification = (id: number) => (e: { event: string; data: { notification?: { id: number } } }) => e.event === 'notification' && e.data.notification?.id === id;
  /** Opens a stream that watches the recipient: once it shows an event, that event is in the stored stream (a barrier). */
  const watch = async (base: string, recipientId: string) => {
    const w = await open(base, recipientId, { key: p.fullKey });
    await w.next((e) => e.event === 'unread_count');
    return w;
  };

  it('when a recipient token opens the stream with ?token=, then it gets unread_count on connect, each new notification (the feed object) with the count, and never its token in the logs', async () => {
    const r = await newRecipient();
    const watcher = await watch(baseUrl(), r.id);
    const before = await send(r.id, 'before');
    await watcher.next(isNotification(before));
    const s = await open(baseUrl(), r.id, { token: r.token });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await s.next(() => true);
    expect(first.event).toBe('unread_count');
    expect(Number(first.id)).toBeGreaterThan(0);
    expect(first.data.unread_count).toBe(1);

    const id = await send(r.id, 'hello');
    const e = await s.next(isNotification(id));
    expect(e.data.notification).toMatchObject({ id, recipient_id: r.id, payload: { title: 'hello' }, read: false, status: 'delivered' });
    expect(e.data.unread_count).toBe(2);
    expect(Number(e.id)).toBeGreaterThan(Number(first.id));
    // The same object as the feed.
    const feed = await call('GET', `/recipients/${r.id}/notifications`, { key: p.fullKey });
    const inFeed = feed.body.data.notifications.find((n: { id: number }) => n.id === id);
    expect(e.data.notification).toEqual({ ...inFeed, email: e.data.notification.email });
    expect(s.events.some(isNotification(before))).toBe(false);
    const count = await s.next((x) => x.event === 'unread_count' && Number(x.id) === Number(e.id));
    expect(count.data).toEqual({ unread_count: 2, unseen_count: 2 });

    // On replica B, whose logs are captured: a stream with ?token= leaves no trace of the token.
    const sb = await open(b.url, r.id, { token: r.token });
    expect(sb.status).toBe(200);
    await sb.next((x) => x.event === 'unread_count');
    const closedBefore = closeReasons(b).length;
    sb.close();
    await eventually('a stream closed', () => closeReasons(b).length > closedBefore);
    expect(b.logLines.join('')).not.toContain(r.token);
    expect(b.logLines.join('')).not.toContain('token=');
  });

  it('when an API key is passed as ?token=, then 401, even beside a valid Authorization header; in the header it works', async () => {
    const r = await newRecipient();
    for (const key of [p.fullKey, p.recipientKey]) {
      const s = await openStream(`${b.url}/recipients/${r.id}/notifications/stream?token=${key}`);
      expect([s.status, s.body.code]).toEqual([401, 'unauthorized']);
      expect(s.body.message).toContain('recipient token');
      const both = await openStream(`${b.url}/recipients/${r.id}/notifications/stream?token=${key}`, { authorization: `Bearer ${r.token}` });
      expect(both.status).toBe(401);
    }
    const header = await open(b.url, r.id, { key: p.recipientKey });
    expect(header.status).toBe(200);
    header.close();
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
    const watcher = await watch(baseUrl(), r.id);
    const s = await open(baseUrl(), r.id, { token: r.token });
    const hello = await s.next((e) => e.event === 'unread_count');
    s.close();
    const missed = [await send(r.id, 'm1'), await send(r.id, 'm2')];
    await watcher.next(isNotification(missed[1]));
    const again = await open(baseUrl(), r.id, { token: r.token, lastEventId: hello.id! });
    const replayed = await again.next(isNotification(missed[1]));
    expect(again.events.filter((e) => e.event === 'notification').map((e) => e.data.notification.id)).toEqual(missed);
    expect(replayed.data.unread_count).toBe(2);
    // Replica B replays at most 3: four missed events are a reset.
    const last = await again.next((e) => e.event === 'unread_count');
    again.close();
    const more: number[] = [];
    for (let i = 0; i < 4; i++) more.push(await send(r.id, `x${i}`));
    await watcher.next(isNotification(more[3]));
    const onB = await open(b.url, r.id, { token: r.token, lastEventId: last.id! });
    const reset = await onB.next((e) => e.event === 'reset');
    expect(reset.data).toEqual({ reason: 'replay_window_exceeded', unread_count: 6, unseen_count: 6 });
    expect(onB.events.some((e) => e.event === 'notification')).toBe(false);
    const bogus = await open(b.url, r.id, { token: r.token, lastEventId: '999999999999' });
    await bogus.next((e) => e.event === 'reset');
  });

  it('when the stream is held by another replica than the one that took the send, then the event still arrives (NATS, not process memory); heartbeats flow', async () => {
    const r = await newRecipient();
    const s = await open(b.url, r.id, { token: r.token });
    await s.next((e) => e.event === 'unread_count');
    const id = await send(r.id, 'across replicas'); // through gateway A
    await s.next(isNotification(id));
    await s.until(() => s.comments >= 1);
    const text = await b.app.metricsRegistry.metrics();
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

    const s1 = await open(b.url, r.id, { token: r.token });
    const s2 = await open(b.url, r.id, { key: p.fullKey });
    expect([s1.status, s2.status]).toEqual([200, 200]);
    const third = await open(b.url, r.id, { token: r.token });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(third.body).toEqual({ message: expect.stringContaining('at most 2'), code: 'too_many_streams' });
    s1.close();
    // Once the server has seen s1 go, its place is free.
    await eventually('a stream opening again', async () => (await open(b.url, r.id, { token: r.token })).status === 200);
  });

  it('when a browser preflights from an allowed origin, then 204 without credentials, with the allowed and exposed headers; another origin gets no CORS headers', async () => {
    const pre = await fetch(`${b.url}/recipients/x/notifications/stream`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,last-event-id' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(pre.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Request-Id');
    const post = await fetch(`${b.url}/notifications/send`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
    });
    expect(post.status).toBe(204);
    expect(post.headers.get('access-control-allow-methods')).toContain('POST');

    const r = await newRecipient();
    const get = await fetch(`${b.url}/recipients/${r.id}/notifications/unread_count`, { headers: { origin: 'http://app.example.test', authorization: `Bearer ${r.token}` } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(get.headers.get('access-control-expose-headers')).toBe('X-API-Version, X-Request-Id, Retry-After');
    const s = await open(b.url, r.id, { token: r.token, origin: 'http://app.example.test' });
    expect(s.headers.get('access-control-allow-origin')).toBe('http://app.example.test');

    const elsewhere = await fetch(`${b.url}/recipients/${r.id}/notifications/unread_count`, { headers: { origin: 'http://evil.example.test', authorization: `Bearer ${r.token}` } });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when /openapi.json is read, then the stream is documented as text/event-stream of its events, each with its data schema, with its token and Last-Event-ID parameters', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const op = doc.paths['/recipients/{recipient_id}/notifications/stream'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(op.responses['200'].content['text/event-stream'].schema).toEqual({ $ref: '#/components/schemas/StreamEvent' });
    const schemas = doc.components.schemas;
    const events = schemas.StreamEvent.anyOf.map((ref: { $ref: string }) => schemas[ref.$ref.split('/').pop()!]);
    expect(events.map((e: { properties: { event: { enum: string[] } } }) => e.properties.event.enum)).toEqual([['notification'], ['notification.updated'], ['unread_count'], ['reset']]);
    expect(schemas.StreamNotificationEvent.properties.data.properties.notification).toEqual({ $ref: '#/components/schemas/Notification' });
    expect(schemas.StreamResetEvent.properties.data.properties.reason).toEqual({ type: 'string', enum: ['replay_window_exceeded'] });
    expect(op.parameters.map((x: { name: string; in: string }) => `${x.in}:${x.name}`).sort()).toEqual(['header:last-event-id', 'path:recipient_id', 'query:token']);
    expect(op.responses['4XX'] ?? op.responses['4xx'] ?? op.responses['429']).toBeDefined();
  });

  describe('a stream ends with its credential', () => {
    it('when the key that opened streams or minted their tokens is revoked, then those streams end on every replica, and the token is refused; other streams go on', async () => {
      const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'full' } });
      expect(created.status).toBe(201);
      const { id: keyId, key } = created.body.data as { id: number; key: string };
      const r = await newRecipient();
      const token = await mintToken(r.id, key);
      const doomed = [await open(baseUrl(), r.id, { token }), await open(b.url, r.id, { token }), await open(baseUrl(), r.id, { key }), await open(b.url, r.id, { key })];
      const survivor = await open(baseUrl(), r.id, { token: r.token }); // (B holds its limit of 2 for this recipient)
      for (const s of [...doomed, survivor]) await s.next((e) => e.event === 'unread_count');

      expect((await call('DELETE', `/admin/projects/${p.id}/keys/${keyId}`, { key: adminToken() })).status).toBe(200);
      await Promise.all(doomed.map((s) => s.ended));
      await eventually('two streams closed for the revoked key', () => closeReasons(b).filter((reason) => reason === 'key_revoked').length === 2);
      // The survivor (another key's token) still delivers after the revocation was handled.
      const id = await send(r.id, 'after revocation');
      await survivor.next(isNotification(id));
      expect(survivor.isEnded()).toBe(false);
      expect((await open(b.url, r.id, { token })).status).toBe(401);
    });

    it('when the recipient is erased, then its streams end on every replica, and a new recipient with the same id is never shown on them', async () => {
      const r = await newRecipient();
      const onA = await open(baseUrl(), r.id, { token: r.token });
      const onB = await open(b.url, r.id, { key: p.fullKey });
      for (const s of [onA, onB]) await s.next((e) => e.event === 'unread_count');
      expect((await call('DELETE', `/recipients/${r.id}`, { key: p.fullKey })).status).toBe(200);
      await Promise.all([onA.ended, onB.ended]);
      await eventually('a stream closed for the erased recipient', () => closeReasons(b).includes('recipient_erased'));
      await newRecipient(r.id);
      await send(r.id, 'for the new recipient');
      expect([...onA.events, ...onB.events].filter((e) => e.event === 'notification')).toEqual([]);
    });

    it('when its recipient token expires, then the stream ends (and the token is refused on reconnect)', async () => {
      const r = await newRecipient();
      const token = await mintToken(r.id, p.fullKey, 1);
      const s = await open(b.url, r.id, { token });
      if (s.status === 200) {
        await s.ended;
        await eventually('a stream closed for the expired token', () => closeReasons(b).includes('token_expired'));
      } else {
        // The machine was slow enough for the one-second token to expire before the stream opened.
        expect(s.body).toEqual({ message: 'Token expired', code: 'unauthorized' });
      }
      expect((await open(b.url, r.id, { token })).status).toBe(401);
    });

    it('when a stream reaches STREAM_MAX_SECONDS, then it ends and the client resumes with Last-Event-ID, missing nothing', async () => {
      const short = await startReplica('gateway-short', { STREAM_MAX_SECONDS: '1' });
      replicas.push(short);
      const r = await newRecipient();
      const s = await open(short.url, r.id, { token: r.token });
      const hello = await s.next((e) => e.event === 'unread_count');
      await s.ended;
      await eventually('a stream closed at its lifetime', () => closeReasons(short).length > 0);
      expect(closeReasons(short)).toEqual(['max_lifetime']);
      const missed = await send(r.id, 'while away');
      const again = await open(short.url, r.id, { token: r.token, lastEventId: hello.id! });
      expect(again.status).toBe(200);
      await again.next(isNotification(missed));
      await short.close();
    });
  });

  describe('bounded memory per replica', () => {
    it('when the replica holds STREAM_MAX_OPEN streams, then another gets 503 unavailable with Retry-After, in the message family', async () => {
      const small = await startReplica('gateway-small', { STREAM_MAX_OPEN: '1' });
      replicas.push(small);
      const r = await newRecipient();
      const first = await open(small.url, r.id, { token: r.token });
      expect(first.status).toBe(200);
      const second = await open(small.url, r.id, { token: r.token });
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBe('5');
      expect(second.body).toEqual({ message: expect.stringContaining('retry'), code: 'unavailable' });
      first.close();
      await eventually('a stream opening again', async () => (await open(small.url, r.id, { token: r.token })).status === 200);
      await small.close();
    });

    it('when STREAM_MAX_PER_PROJECT is not set, then one project holds at most a fifth of STREAM_MAX_OPEN: beyond, 429 too_many_streams with Retry-After; another project still opens streams', async () => {
      const shared = await startReplica('gateway-shared', { STREAM_MAX_OPEN: '10' });
      replicas.push(shared);
      const [a, b] = [await newRecipient(), await newRecipient()];
      const opened = [await open(shared.url, a.id, { token: a.token }), await open(shared.url, b.id, { token: b.token })];
      expect(opened.map((s) => s.status)).toEqual([200, 200]);
      const third = await open(shared.url, (await newRecipient()).id, { key: p.fullKey });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('5');
      expect(third.body).toEqual({ message: expect.stringContaining('this project (at most 2'), code: 'too_many_streams' });
      const other = await createProject('live-stream-other');
      const theirs = uniqueId('live');
      expect((await call('POST', '/recipients', { key: other.fullKey, body: { id: theirs } })).status).toBe(201);
      expect((await open(shared.url, theirs, { key: other.fullKey })).status).toBe(200);
      for (const s of opened) s.close();
      await shared.close();
    });

    it('when what a reconnecting client missed weighs more than STREAM_REPLAY_MAX_BYTES, then it gets reset, not the events', async () => {
      const small = await startReplica('gateway-replay', { STREAM_REPLAY_MAX_BYTES: '65536' });
      replicas.push(small);
      const r = await newRecipient();
      const watcher = await watch(baseUrl(), r.id);
      const s = await open(small.url, r.id, { token: r.token });
      const hello = await s.next((e) => e.event === 'unread_count');
      s.close();
      // Three notifications of 30 KiB: three events (within STREAM_REPLAY_MAX) but over 64 KiB.
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push(await send(r.id, `big ${i}`, { body: 'x'.repeat(30 * 1024) }));
      await watcher.next(isNotification(ids[2]));
      const again = await open(small.url, r.id, { token: r.token, lastEventId: hello.id! });
      const reset = await again.next((e) => e.event === 'reset');
      expect(reset.data).toEqual({ reason: 'replay_window_exceeded', unread_count: 3, unseen_count: 3 });
      expect(again.events.some((e) => e.event === 'notification')).toBe(false);
      await small.close();
    });
  });

  it('when the replica shuts down, then its streams end cleanly (clients reconnect elsewhere)', async () => {
    const r = await newRecipient();
    const s = await open(b.url, r.id, { token: r.token });
    await s.next((e) => e.event === 'unread_count');
    const closing = b.close();
    await s.ended;
    await closing;
  });
});
