import { randomBytes } from 'node:crypto';
import { startGatewayReplica, type GatewayReplica } from '../../../testing/gateway-replica';
import { adminToken, call, createProject, uniqueId, type JsonBody, type RestResponse, type TestProject } from '../../../testing/rest-client';

/** A client address of its own (the gateway trusts X-Forwarded-For from loopback), so other suites' failures never count here. */
const clientAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
const randomKey = () => `nk_full_${randomBytes(32).toString('base64url')}`;

async function mint(p: TestProject, recipientId: string, key = p.fullKey): Promise<string> {
  const res = await call('POST', `/recipients/${recipientId}/tokens`, { key, body: { ttl_seconds: 600 } });
  expect(res.status).toBe(201);
  return res.body.data.token as string;
}

const expect401 = (res: RestResponse<JsonBody>) => {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: expect.any(String), code: 'unauthorized' });
};

// Token buckets refill with time and a loaded machine serves slowly, so these checks never count on
// a request being quick: some requests must be refused however slow the gateway is (more of them
// than burst + rate x the time they took), what passed is bounded by what the bucket allows over
// that time, and the "not limited" checks use recipients (and addresses) whose buckets are untouched.
// More live gateway replicas (other suites start some) only lower this replica's share.
const timed = async <T>(run: () => Promise<T>) => {
  const started = Date.now();
  const value = await run();
  return { value, seconds: (Date.now() - started) / 1000 };
};

describe('rate limits of recipient-scoped credentials', () => {
  it('when one recipient token spends its bucket, then another recipient of the project is not limited', async () => {
    // Project limit 10/s: each recipient gets a tenth (1/s, burst 2); the project's recipient-scoped
    // traffic together still stops at 10/s (burst 20).
    const p = await createProject('per-recipient', { rate_limit_per_second: 10 });
    const [alice, bob, carol, dave] = [uniqueId('alice'), uniqueId('bob'), uniqueId('carol'), uniqueId('dave')];
    for (const id of [alice, bob, carol, dave]) expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    const aliceToken = await mint(p, alice);
    const bobToken = await mint(p, bob);

    const alices = await timed(() => Promise.all(Array.from({ length: 12 }, () => call('GET', `/recipients/${alice}/notifications/unread_count`, { key: aliceToken }))));
    const limited = alices.value.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(12 - (2 + Math.ceil(alices.seconds)));
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(limited[0].body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    expect((await call('GET', `/recipients/${bob}/notifications/unread_count`, { key: bobToken })).status).toBe(200);

    // The Recipient key acting for one recipient: limited per recipient too.
    const viaKey = await timed(() => Promise.all(Array.from({ length: 12 }, () => call('GET', `/recipients/${carol}`, { key: p.recipientKey }))));
    expect(viaKey.value.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(Math.max(1, 12 - (2 + Math.ceil(viaKey.seconds))));
    expect((await call('GET', `/recipients/${dave}`, { key: p.recipientKey })).status).toBe(200);
  });

  it('when many recipients together exceed the project rate, then the project-wide cap answers 429', async () => {
    const p = await createProject('per-recipient-cap', { rate_limit_per_second: 2 });
    const ids = Array.from({ length: 24 }, () => uniqueId('r'));
    // Each recipient asked once (its own bucket always has a token), so only the cap (2/s, burst 4) can refuse.
    const all = await timed(() => Promise.all(ids.map((id) => call('GET', `/recipients/${id}`, { key: p.recipientKey }))));
    const refused = all.value.filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(Math.max(1, 24 - (4 + Math.ceil(2 * all.seconds))));
    expect(all.value.filter((r) => r.status === 404).length + refused).toBe(24);
  });
});

// The failed-authentication limit is per replica and per address: these run against a replica of
// their own at 1 failure/s (burst 2), so a slow machine cannot refill the bucket between requests
// faster than they spend it, and no other suite's failures count.
describe('failed authentications per client address', () => {
  let replica: GatewayReplica;
  beforeAll(async () => {
    replica = await startGatewayReplica({ AUTH_FAILURES_PER_SECOND: '1' });
  });
  afterAll(async () => {
    await replica?.close();
  });
  const at = (path: string, key: string, ip: string) => call('GET', path, { key, headers: { 'x-forwarded-for': ip }, base: replica.baseUrl });

  it('when an address keeps presenting unknown keys, then 429 rate_limited with Retry-After, and other addresses are unaffected', async () => {
    const ip = clientAddress();
    const t0 = Date.now();
    /** Failures the bucket can have refilled since the first request (1/s), rounded up. */
    const refilled = () => Math.ceil((Date.now() - t0) / 1000);
    const unknown = await timed(() => Promise.all(Array.from({ length: 30 }, () => at('/recipients/x', randomKey(), ip))));
    const limited = unknown.value.filter((r) => r.status === 429);
    const failed = unknown.value.filter((r) => r.status === 401).length;
    expect(failed).toBeGreaterThanOrEqual(2);
    expect(failed).toBeLessThanOrEqual(2 + Math.ceil(unknown.seconds));
    expect(limited.length).toBe(30 - failed);
    expect(limited[0].body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Forged tokens and wrong admin tokens meet the same spent bucket, the admin ones in the error family.
    const tokens = await Promise.all(Array.from({ length: 20 }, () => at('/recipients/x', 'nk_tok_eyJwIjoxfQ.c2ln', ip)));
    expect(tokens.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(Math.max(1, 20 - refilled()));
    const admins = await Promise.all(Array.from({ length: 20 }, () => at('/admin/projects/1', 'not-the-admin-token', ip)));
    const adminLimited = admins.filter((r) => r.status === 429);
    expect(adminLimited.length).toBeGreaterThanOrEqual(Math.max(1, 20 - refilled()));
    expect(adminLimited[0].body).toEqual({ error: 'rate_limited', details: expect.any(String) });

    // Another address still gets its 401.
    expect401(await at('/recipients/x', randomKey(), clientAddress().replace('198.51.100', '203.0.113')));
  });

  it('when a wrong admin token is repeated, then the address is limited too', async () => {
    const ip = clientAddress().replace('198.51.100', '192.0.2');
    const all = await timed(() => Promise.all(Array.from({ length: 30 }, () => at('/admin/projects/1', 'not-the-admin-token', ip))));
    expect(all.value.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(Math.max(1, 30 - (2 + Math.ceil(all.seconds))));
  });

  it('when requests authenticate, then they are not counted', async () => {
    const p = await createProject('auth-successes', { rate_limit_per_second: null });
    const ip = clientAddress().replace('198.51.100', '100.64.0');
    const ok = await Promise.all(Array.from({ length: 20 }, () => at('/recipients/nobody', p.fullKey, ip)));
    expect(ok.every((r) => r.status === 404)).toBe(true);
    // Twenty successes at 1 failure/s (burst 2): counted, they would have left nothing for this one.
    expect401(await at('/recipients/nobody', randomKey(), ip));
  });
});

describe('recipient tokens are bound to their minting key and their recipient', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('token-binding');
  });

  it('when the key that minted a token is revoked, then the token gets 401', async () => {
    const alice = uniqueId('alice');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: alice } })).status).toBe(201);
    const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'full' } });
    const token = await mint(p, alice, created.body.data.key);
    const other = await mint(p, alice);
    expect((await call('GET', `/recipients/${alice}`, { key: token })).status).toBe(200);

    expect((await call('DELETE', `/admin/projects/${p.id}/keys/${created.body.data.id}`, { key: adminToken() })).status).toBe(200);
    expect401(await call('GET', `/recipients/${alice}`, { key: token }));
    expect401(await call('GET', `/recipients/${alice}/notifications`, { key: token }));
    // A token minted by another key is not affected.
    expect((await call('GET', `/recipients/${alice}`, { key: other })).status).toBe(200);
  });

  it('when the recipient is deleted and created again, then the old token gets 401 and a new one works', async () => {
    const bob = uniqueId('bob');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: bob } })).status).toBe(201);
    const old = await mint(p, bob);
    expect((await call('GET', `/recipients/${bob}/notifications/unread_count`, { key: old })).status).toBe(200);

    expect((await call('DELETE', `/recipients/${bob}`, { key: p.fullKey })).status).toBe(200);
    expect401(await call('GET', `/recipients/${bob}`, { key: old }));

    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: bob } })).status).toBe(201);
    expect401(await call('GET', `/recipients/${bob}`, { key: old }));
    expect401(await call('GET', `/recipients/${bob}/notifications/unread_count`, { key: old }));

    const fresh = await mint(p, bob);
    expect((await call('GET', `/recipients/${bob}`, { key: fresh })).status).toBe(200);
  });
});
