import { connectMongo, connectNats, createLogger, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import type { FastifyInstance } from 'fastify';
import { build } from '../../app';
import { createServiceClients, type ServiceClients } from '../external/services/service-clients';
import { readConfig } from '../../config';
import { GATEWAY_HEARTBEAT_SUBJECT } from './rate-limit/heartbeat';
import type { JsonBody } from '../../testing/rest-client';

jest.setTimeout(30_000);

interface Reply {
  statusCode: number;
  headers: Headers;
  json(): JsonBody;
}

/** Real HTTP on port 0 (`app.inject` needs light-my-request, whose ESM-only `cookie` jest cannot load here). */
async function request(app: FastifyInstance, method: string, url: string, opts: { payload?: object; authorization?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.authorization) headers.authorization = opts.authorization;
  if (opts.payload) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseOf(app)}${url}`, { method, headers, body: opts.payload ? JSON.stringify(opts.payload) : undefined });
  const text = await res.text();
  return { statusCode: res.status, headers: res.headers, json: () => JSON.parse(text) };
}
const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/**
 * Two gateway replicas over one real store and broker, without the internal services (their URLs
 * point nowhere): what is checked here is decided at the edge, before any RPC.
 */
describe('gateway replicas', () => {
  const dbName = `test_gateway_replicas_${Math.random().toString(36).slice(2, 8)}`;
  const adminToken = 'admin-token-for-replica-tests';
  let mongo: MongoHandle;
  const natsConns: NatsConnection[] = [];
  /** A connection of the test's own, watching the replicas' heartbeats. */
  let observer: NatsConnection;
  const clients: ServiceClients[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  const start = async (instanceId: string) => {
    const config = readConfig({
      MONGO_URL: process.env.MONGO_URL,
      MONGO_DB: dbName,
      NATS_URL: process.env.NATS_URL,
      ADMIN_TOKEN: adminToken,
      TOKEN_SECRET: 'x'.repeat(32),
      SERVICE_TOKEN: 's'.repeat(32),
      RECIPIENT_SERVICE_URL: 'http://127.0.0.1:9',
      PREFERENCE_SERVICE_URL: 'http://127.0.0.1:9',
      DELIVERY_SERVICE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'silent',
    });
    const nats = await connectNats(config.NATS_URL, 'gateway-test');
    natsConns.push(nats);
    const services = createServiceClients(config);
    clients.push(services);
    return build({ config, logger: createLogger('gateway-test', 'silent'), db: mongo.db, nats, services, pingStore: mongo.ping, instanceId });
  };

  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, dbName, 'gateway-test');
    observer = await connectNats(process.env.NATS_URL!, 'gateway-test-observer');
    natsConns.push(observer);
    a = await start(`replica-a-${dbName}`);
    b = await start(`replica-b-${dbName}`);
    await Promise.all([a.listen({ host: '127.0.0.1', port: 0 }), b.listen({ host: '127.0.0.1', port: 0 })]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    for (const c of clients) c.close();
    for (const nc of natsConns) await nc.drain();
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  const admin = (app: FastifyInstance, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    request(app, method, url, { payload, authorization: `Bearer ${adminToken}` });
  // A keyed route that answers 404 at the edge (non-integer contact id) once the key is accepted.
  const probe = (app: FastifyInstance, key: string) =>
    request(app, 'DELETE', '/recipients/r/contacts/not-a-number', { authorization: `Bearer ${key}` });

  it('when a key is revoked on one replica, then the other refuses it at once, even with it cached', async () => {
    const created = await admin(a, 'POST', '/admin/projects', { name: 'replicas', settings: { rate_limit_per_second: null } });
    expect(created.statusCode).toBe(201);
    const { project, keys } = created.json().data;
    const full = keys.find((k: { scope: string }) => k.scope === 'full');

    expect((await probe(b, full.key)).statusCode).toBe(404); // now cached on b
    expect((await admin(a, 'DELETE', `/admin/projects/${project.id}/keys/${full.id}`)).statusCode).toBe(200);

    const refused = await probe(b, full.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect((await probe(a, full.key)).statusCode).toBe(401);
  });

  it('when two replicas are live, then each enforces its share of the project rate', async () => {
    const created = await admin(a, 'POST', '/admin/projects', { name: 'shared-rate', settings: { rate_limit_per_second: 4 } });
    const { keys } = created.json().data;
    const key = keys.find((k: { scope: string }) => k.scope === 'full').key;
    // Replica a counts b once b's heartbeat reached it: the test sees one of b's heartbeats, then a
    // round trip on a's own connection (the server wrote b's heartbeat to a before that PONG).
    const seen = observer.subscribe(GATEWAY_HEARTBEAT_SUBJECT);
    for await (const m of seen) if ((m.json() as { id: string }).id === `replica-b-${dbName}`) break;
    await natsConns[1].flush();
    // At once, so a slow machine refills little meanwhile.
    const started = Date.now();
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => probe(a, key)))).map((r) => r.statusCode);
    const seconds = (Date.now() - started) / 1000;
    const allowed = statuses.filter((s) => s === 404).length;
    // Alone, a replica would allow the whole burst of 8; with a peer, its share is a burst of 4 and
    // 2/s (more live replicas, e.g. other suites' gateways on the same broker, lower it further).
    expect(allowed).toBeGreaterThanOrEqual(1);
    expect(allowed).toBeLessThanOrEqual(4 + Math.floor(2 * seconds));
    expect(statuses.filter((s) => s === 429).length).toBe(10 - allowed);
  });

  it('when the internal services are unreachable, then /readyz answers 503 and names them', async () => {
    const res = await request(a, 'GET', '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { 'recipient-service': 'unavailable', 'preference-service': 'unavailable', 'delivery-service': 'unavailable', store: 'ok', broker: 'ok' },
    });
  });

  it('when a keyed call needs an unreachable service, then 503 with a generic message', async () => {
    const created = await admin(a, 'POST', '/admin/projects', { name: 'down' });
    const key = created.json().data.keys[0].key;
    const res = await request(a, 'GET', '/recipients/x', { authorization: `Bearer ${key}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service temporarily unavailable, retry later', code: 'unavailable' });
  });
});
