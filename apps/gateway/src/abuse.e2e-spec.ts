import { randomBytes } from 'node:crypto';
import { adminToken, call, createProject, uniqueId, type JsonBody, type RestResponse, type TestProject } from './test-support/rest-client';

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

describe('rate limits of recipient-scoped credentials', () => {
  it('when one recipient token spends its bucket, then another recipient of the project is not limited', async () => {
    // Project limit 10/s: each recipient gets a tenth (1/s, burst 2); the project's recipient-scoped
    // traffic together still stops at 10/s (burst 20).
    const p = await createProject('per-recipient', { rate_limit_per_second: 10 });
    const [alice, bob, carol] = [uniqueId('alice'), uniqueId('bob'), uniqueId('carol')];
    for (const id of [alice, bob, carol]) expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    const aliceToken = await mint(p, alice);
    const bobToken = await mint(p, bob);

    const aliceResults = [];
    for (let i = 0; i < 6; i++) aliceResults.push(await call('GET', `/recipients/${alice}/notifications/unread_count`, { key: aliceToken }));
    const limited = aliceResults.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect(limited[0].body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    expect((await call('GET', `/recipients/${bob}/notifications/unread_count`, { key: bobToken })).status).toBe(200);

    // The Recipient key acting for one recipient: limited per recipient too.
    const viaKey = [];
    for (let i = 0; i < 6; i++) viaKey.push(await call('GET', `/recipients/${carol}`, { key: p.recipientKey }));
    expect(viaKey.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', `/recipients/${bob}`, { key: p.recipientKey })).status).toBe(200);
  });

  it('when many recipients together exceed the project rate, then the project-wide cap answers 429', async () => {
    const p = await createProject('per-recipient-cap', { rate_limit_per_second: 2 });
    const ids = Array.from({ length: 8 }, () => uniqueId('r'));
    const results = [];
    for (const id of ids) results.push(await call('GET', `/recipients/${id}`, { key: p.recipientKey }));
    // Burst of the cap: 4; each recipient asked once, so only the cap can refuse.
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(3);
  });
});

describe('failed authentications per client address', () => {
  it('when an address keeps presenting unknown keys, then 429 rate_limited with Retry-After, and other addresses are unaffected', async () => {
    const ip = clientAddress();
    const results = await Promise.all(
      // Burst 40 plus 20/s while they are served: far fewer than 150.
      Array.from({ length: 150 }, () => call('GET', '/recipients/x', { key: randomKey(), headers: { 'x-forwarded-for': ip } })),
    );
    const limited = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(30);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0].body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Forged tokens and wrong admin tokens meet the same spent bucket (it refills one per 50 ms, so
    // send a few at once), the admin ones in the error family.
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => call('GET', '/recipients/x', { key: 'nk_tok_eyJwIjoxfQ.c2ln', headers: { 'x-forwarded-for': ip } })),
    );
    expect(tokens.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(5);
    const admins = await Promise.all(
      Array.from({ length: 10 }, () => call('GET', '/admin/projects/1', { key: 'not-the-admin-token', headers: { 'x-forwarded-for': ip } })),
    );
    const adminLimited = admins.filter((r) => r.status === 429);
    expect(adminLimited.length).toBeGreaterThanOrEqual(5);
    expect(adminLimited[0].body).toEqual({ error: 'rate_limited', details: expect.any(String) });

    // Another address still gets its 401.
    expect401(await call('GET', '/recipients/x', { key: randomKey(), headers: { 'x-forwarded-for': clientAddress().replace('198.51.100', '203.0.113') } }));
  });

  it('when a wrong admin token is repeated, then the address is limited too', async () => {
    const ip = clientAddress().replace('198.51.100', '192.0.2');
    const results = await Promise.all(
      Array.from({ length: 150 }, () => call('GET', '/admin/projects/1', { key: 'not-the-admin-token', headers: { 'x-forwarded-for': ip } })),
    );
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('when requests authenticate, then they are not counted', async () => {
    const p = await createProject('auth-successes', { rate_limit_per_second: null });
    const ip = clientAddress().replace('198.51.100', '100.64.0');
    const ok = await Promise.all(Array.from({ length: 80 }, () => call('GET', '/recipients/nobody', { key: p.fullKey, headers: { 'x-forwarded-for': ip } })));
    expect(ok.every((r) => r.status === 404)).toBe(true);
    expect401(await call('GET', '/recipients/nobody', { key: randomKey(), headers: { 'x-forwarded-for': ip } }));
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
