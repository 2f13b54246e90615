import { connectMongo, connectNats, createLogger, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import type { FastifyInstance } from 'fastify';
import { build } from '../../app';
import { createServiceClients, type ServiceClients } from '../external/services/service-clients';
import { readConfig } from '../../config';
import { adminToken, call, createProject, uniqueId, type CallOptions, type RestResponse, type TestProject } from '../../testing/rest-client';

jest.setTimeout(60_000);

/**
 * The gateway's read caches across replicas: the stack's gateway (A) and a second replica (B)
 * started here in-process on the same store, broker and services. Every change made through one
 * replica is answered by that replica at once, and by the other as soon as the change event has
 * reached it (polled for, never slept on).
 */
describe('read caches across gateway replicas', () => {
  let p: TestProject;
  let mongo: MongoHandle;
  let recipientStore: MongoHandle;
  let preferenceStore: MongoHandle;
  let nats: NatsConnection;
  let services: ServiceClients;
  let b: FastifyInstance;
  let bUrl: string;

  beforeAll(async () => {
    const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
    const config = readConfig({ ...env, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'silent' });
    mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, 'gateway-b');
    // The recipient and preference services' databases of the same stack (databases are `<prefix>_<service>`).
    recipientStore = await connectMongo(config.MONGO_URL, config.MONGO_DB.replace(/_gateway$/, '_recipient'), 'test-recipient-store');
    preferenceStore = await connectMongo(config.MONGO_URL, config.MONGO_DB.replace(/_gateway$/, '_preference'), 'test-preference-store');
    nats = await connectNats(config.NATS_URL, 'gateway-b');
    services = createServiceClients(config);
    b = await build({ config, logger: createLogger('gateway-b', 'silent'), db: mongo.db, nats, services, pingStore: mongo.ping });
    await b.listen({ host: '127.0.0.1', port: 0 });
    const address = b.server.address();
    bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    p = await createProject('read-caches', { rate_limit_per_second: null });
  });
  afterAll(async () => {
    await b?.close();
    services?.close();
    await nats?.drain();
    await mongo?.close();
    await recipientStore?.close();
    await preferenceStore?.close();
  });

  /** The same call through replica B. */
  async function callB(method: string, path: string, opts: CallOptions = {}): Promise<RestResponse> {
    const headers: Record<string, string> = {};
    if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${bUrl}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const on = { a: call, b: callB };
  type Replica = keyof typeof on;

  /** The first value `read` gives that `done` accepts. */
  const readUntil = async <T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> =>
    (await eventually(what, async () => {
      const value = await read();
      return done(value) ? { value } : undefined;
    })).value;
  const getRecipient = (replica: Replica, id: string, key = p.fullKey) => on[replica]('GET', `/recipients/${id}`, { key });
  const nameOn = async (replica: Replica, id: string) => (await getRecipient(replica, id)).body.data?.name;
  const newRecipient = async (name: string) => {
    const id = uniqueId('cache');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id, name } })).status).toBe(201);
    return id;
  };

  it('when the store changes behind the services, then both replicas keep answering the recipient they cached (the cache is used)', async () => {
    const id = await newRecipient('Cached');
    expect([await nameOn('a', id), await nameOn('b', id)]).toEqual(['Cached', 'Cached']);
    // Written straight into the recipient service's store: no event, so no replica hears of it.
    await recipientStore.db.collection('recipients').updateOne({ project_id: p.id, recipient_id: id }, { $set: { name: 'Behind' } });
    expect([await nameOn('a', id), await nameOn('b', id)]).toEqual(['Cached', 'Cached']);
  });

  it.each([
    ['a', 'b'],
    ['b', 'a'],
  ] as [Replica, Replica][])('when a recipient is renamed through replica %s, then it answers the new name at once and replica %s as soon as the event reached it', async (writer, reader) => {
    const id = await newRecipient('Before');
    expect([await nameOn(writer, id), await nameOn(reader, id)]).toEqual(['Before', 'Before']);
    expect((await on[writer]('PATCH', `/recipients/${id}`, { key: p.fullKey, body: { name: 'After' } })).status).toBe(200);
    expect(await nameOn(writer, id)).toBe('After');
    expect(await readUntil('the new name', () => nameOn(reader, id), (n) => n === 'After')).toBe('After');
  });

  it('when recipients are renamed by a batch through replica A, then replica B answers the new names', async () => {
    const [one, two] = [await newRecipient('One'), await newRecipient('Two')];
    expect([await nameOn('b', one), await nameOn('b', two)]).toEqual(['One', 'Two']);
    const res = await call('POST', '/recipients/batch', { key: p.fullKey, body: { recipients: [{ id: one, name: 'One bis' }, { id: two, name: 'Two bis' }] } });
    expect(res.body.data.updated).toHaveLength(2);
    expect([await nameOn('a', one), await nameOn('a', two)]).toEqual(['One bis', 'Two bis']);
    expect(await readUntil('both new names', async () => [await nameOn('b', one), await nameOn('b', two)], (n) => n[0] === 'One bis' && n[1] === 'Two bis')).toEqual(['One bis', 'Two bis']);
  });

  it('when a recipient is deleted through replica A, then both replicas answer 404 to its reads, its preference checks and its tokens', async () => {
    const id = await newRecipient('Doomed');
    const token = (await call('POST', `/recipients/${id}/tokens`, { key: p.fullKey, body: {} })).body.data.token as string;
    const check = (replica: Replica, key: string) => on[replica]('GET', `/recipients/${id}/preferences/check?channel=c&topic=t&event=e`, { key });
    for (const replica of ['a', 'b'] as Replica[]) {
      expect((await getRecipient(replica, id)).status).toBe(200);
      expect((await check(replica, p.fullKey)).status).toBe(200);
      expect((await getRecipient(replica, id, token)).status).toBe(200);
    }
    expect((await call('DELETE', `/recipients/${id}`, { key: p.fullKey })).status).toBe(200);
    expect((await getRecipient('a', id)).status).toBe(404);
    expect((await check('a', p.fullKey)).status).toBe(404);
    expect((await getRecipient('a', id, token)).status).toBe(401);
    expect((await readUntil('the deleted recipient gone', () => getRecipient('b', id), (r) => r.status === 404)).status).toBe(404);
    expect((await check('b', p.fullKey)).status).toBe(404);
    expect((await getRecipient('b', id, token)).status).toBe(401);
  });

  const target = { channel: 'billing', topic: 'invoices', event: 'issued' };
  const checkOn = (replica: Replica, id: string, medium = 'in_app') =>
    on[replica]('GET', `/recipients/${id}/preferences/check?${new URLSearchParams({ ...target, medium })}`, { key: p.fullKey });
  const enabledOn = async (replica: Replica, id: string) => (await checkOn(replica, id)).body.data?.state.enabled;

  it('when a rule is written behind the services, then both replicas keep answering the check they cached (the cache is used)', async () => {
    const id = await newRecipient('Behind');
    expect([await enabledOn('a', id), await enabledOn('b', id)]).toEqual([true, true]);
    await preferenceStore.db.collection('recipient_rule_entries').insertOne({ p: p.id, r: id, m: 'in_app', c: target.channel, e: target.event, t: target.topic, on: false, at: Date.now() });
    expect([await enabledOn('a', id), await enabledOn('b', id)]).toEqual([true, true]);
  });

  it.each([
    ['a', 'b'],
    ['b', 'a'],
  ] as [Replica, Replica][])('when a preference is set through replica %s, then its check answers it at once and replica %s as soon as the announcement reached it', async (writer, reader) => {
    const id = await newRecipient('Prefs');
    expect([await enabledOn(writer, id), await enabledOn(reader, id)]).toEqual([true, true]);
    expect((await on[writer]('PATCH', `/recipients/${id}/preferences`, { key: p.fullKey, body: { target, state: { enabled: false } } })).status).toBe(200);
    expect((await checkOn(writer, id)).body.data.state).toMatchObject({ enabled: false, inherited: false });
    expect(await readUntil('the rule applied', () => enabledOn(reader, id), (e) => e === false)).toBe(false);
  });

  it("when the project's catalog changes through replica A, then the checks of both replicas answer the new catalog", async () => {
    const project = await createProject('read-caches-catalog', { rate_limit_per_second: null });
    const id = uniqueId('cache');
    expect((await call('POST', '/recipients', { key: project.fullKey, body: { id } })).status).toBe(201);
    const cataloged = (replica: Replica) => async () =>
      (await on[replica]('GET', `/recipients/${id}/preferences/check?${new URLSearchParams({ ...target, medium: 'in_app' })}`, { key: project.fullKey })).body.data?.state;
    expect([await cataloged('a')(), await cataloged('b')()]).toEqual([
      { enabled: true, inherited: true, cataloged: false, mandatory: false },
      { enabled: true, inherited: true, cataloged: false, mandatory: false },
    ]);
    const entry = { ...target, medium: 'in_app', name: 'Invoices', default_enabled: false };
    expect((await call('PUT', '/preferences', { key: project.fullKey, body: [entry] })).status).toBe(200);
    expect(await cataloged('a')()).toMatchObject({ enabled: false, cataloged: true });
    expect(await readUntil('the catalog entry', cataloged('b'), (s) => s?.cataloged === true)).toMatchObject({ enabled: false, cataloged: true });
  });

  it("when a project's settings change through replica A, then replica B applies them", async () => {
    const id = await newRecipient('Limited');
    const burst = async () => Promise.all(Array.from({ length: 6 }, () => getRecipient('b', id)));
    expect((await burst()).map((r) => r.status)).toEqual(Array(6).fill(200));
    const patched = await call('PATCH', `/admin/projects/${p.id}`, { key: adminToken(), body: { settings: { rate_limit_per_second: 1 } } });
    expect(patched.status).toBe(200);
    const limited = await readUntil('a refused request', burst, (rs) => rs.some((r) => r.status === 429));
    expect(limited.map((r) => r.status)).toContain(429);
  });
});
