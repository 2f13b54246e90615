import { signRecipientToken, verifyRecipientToken } from './recipient-token';
import { adminToken, call, createProject, uniqueId, type TestProject, type JsonBody } from '../../../testing/rest-client';

describe('authentication and scopes', () => {
  let p: TestProject;
  let other: TestProject;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    p = await createProject('auth');
    other = await createProject('auth-other');
    alice = uniqueId('alice');
    bob = uniqueId('bob');
    for (const id of [alice, bob]) expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
  });

  const expect401 = (res: { status: number; headers: Headers; body: JsonBody }, family: 'message' | 'error' = 'message') => {
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.headers.get('x-api-version')).toBe('1.0');
    if (family === 'message') expect(res.body).toEqual({ message: expect.any(String), code: 'unauthorized' });
    else expect(res.body).toEqual({ error: 'unauthorized', details: expect.any(String) });
  };

  it.each([
    ['no Authorization header', {}],
    ['the Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare key without scheme', { authorization: 'nk_full_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' }],
    ['an unknown key', { authorization: `Bearer nk_full_${'A'.repeat(43)}` }],
    ['a junk bearer value', { authorization: 'Bearer hello' }],
    ['a forged token', { authorization: 'Bearer nk_tok_eyJwIjoxfQ.c2ln' }],
  ])('when a request carries %s, then 401 unauthorized with WWW-Authenticate: Bearer', async (_label, headers) => {
    expect401(await call('GET', `/recipients/${alice}`, { headers }));
    expect401(await call('PUT', `/recipients/${alice}/contacts`, { headers, body: { medium: 'email', address: 'a@b.c' } }), 'error');
  });

  it('when a revoked key is used, then 401', async () => {
    const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'full' } });
    const key = created.body.data.key;
    expect((await call('GET', `/recipients/${alice}`, { key })).status).toBe(200);
    await call('DELETE', `/admin/projects/${p.id}/keys/${created.body.data.id}`, { key: adminToken() });
    expect401(await call('GET', `/recipients/${alice}`, { key }));
  });

  describe('Recipient access key', () => {
    it.each([
      ['GET', (): string => `/recipients/${alice}`, undefined, 200],
      ['GET', (): string => `/recipients/${alice}/contacts`, undefined, 200],
      ['POST', (): string => '/recipients', { id: 'x' }, 403],
      ['PATCH', (): string => `/recipients/${alice}`, { name: 'x' }, 403],
      ['DELETE', (): string => `/recipients/${alice}`, undefined, 403],
      ['GET', (): string => '/recipients', undefined, 403],
      ['POST', (): string => '/recipients/batch', { recipients: [] }, 403],
      ['POST', (): string => `/recipients/${alice}/tokens`, {}, 403],
      ['DELETE', (): string => `/recipients/${alice}/contacts/1`, undefined, 403],
      ['POST', (): string => `/recipients/${alice}/contacts/1/verify`, undefined, 403],
    ] as const)('when it calls %s %s, then %s', async (method, path, body, status) => {
      const res = await call(method, path(), { key: p.recipientKey, body });
      expect(res.status).toBe(status);
      if (status === 403) expect(res.body).toEqual({ message: expect.any(String), code: 'forbidden' });
    });
  });

  it("when a key of another project reads a recipient, then it is not found (projects are isolated)", async () => {
    const res = await call('GET', `/recipients/${alice}`, { key: other.fullKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Recipient not found', code: 'recipient_not_found' });
    const same = await call('POST', '/recipients', { key: other.fullKey, body: { id: alice } });
    expect(same.status).toBe(201);
  });

  describe('recipient tokens', () => {
    let token: string;

    beforeAll(async () => {
      const res = await call('POST', `/recipients/${alice}/tokens`, { key: p.fullKey, body: { ttl_seconds: 600 } });
      expect(res.status).toBe(201);
      token = res.body.data.token;
    });

    it('when a token is minted, then 201 with the token, recipient and expiry', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await call('POST', `/recipients/${alice}/tokens`, { key: p.fullKey });
      const after = Math.ceil(Date.now() / 1000);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: expect.any(String), data: { token: expect.stringMatching(/^nk_tok_/), recipient_id: alice, expires_at: expect.any(String) } });
      const expiresAt = Date.parse(res.body.data.expires_at) / 1000;
      expect(expiresAt).toBeGreaterThanOrEqual(before + 3600);
      // An hour from when it was minted: between the request's start and its answer.
      expect(expiresAt).toBeLessThanOrEqual(after + 3600);
    });

    it('when the token is used on its own recipient, then it works', async () => {
      expect((await call('GET', `/recipients/${alice}`, { key: token })).status).toBe(200);
      expect((await call('GET', `/recipients/${alice}/contacts`, { key: token })).status).toBe(200);
      const added = await call('POST', `/recipients/${alice}/contacts`, { key: token, body: { medium: 'email', address: `${uniqueId()}@x.io` } });
      expect(added.status).toBe(201);
    });

    it('when the token is used on another recipient, then 403', async () => {
      const res = await call('GET', `/recipients/${bob}`, { key: token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      expect((await call('GET', `/recipients/${bob}/contacts`, { key: token })).status).toBe(403);
    });

    it('when the token is used on a Full route or outside /recipients/{id}, then 403', async () => {
      expect((await call('DELETE', `/recipients/${alice}`, { key: token })).status).toBe(403);
      expect((await call('GET', '/recipients', { key: token })).status).toBe(403);
      expect((await call('POST', `/recipients/${alice}/tokens`, { key: token })).status).toBe(403);
      expect((await call('DELETE', `/recipients/${alice}/contacts/1`, { key: token })).status).toBe(403);
    });

    it('when the token is used with another project\'s recipient of the same id, then that project is never reached', async () => {
      // The token carries its own project: it reads p's alice, never other's.
      const res = await call('GET', `/recipients/${alice}`, { key: token });
      expect(res.body.data.id).toBe(alice);
      expect((await call('GET', `/admin/projects/${p.id}`, { key: token })).status).toBe(401);
    });

    it('when the token has expired, then 401', async () => {
      // The minted token's own claims, re-signed with an expiry one second past (and, as a control,
      // one minute ahead): only the expiry differs, no clock is waited for.
      const secret = process.env.HERALD_TOKEN_SECRET!;
      const minted = verifyRecipientToken(secret, token, 0);
      if (!minted.ok) throw new Error(`the minted token does not verify: ${minted.reason}`);
      const now = Math.floor(Date.now() / 1000);
      const withExpiry = (expiresAt: number) => signRecipientToken(secret, { ...minted.claims, expiresAt });
      expect((await call('GET', `/recipients/${alice}`, { key: withExpiry(now + 60) })).status).toBe(200);
      expect401(await call('GET', `/recipients/${alice}`, { key: withExpiry(now - 1) }));
    });

    it('when a token is tampered with, then 401', async () => {
      const [head, sig] = token.split('.');
      const forged = `${head}x.${sig}`;
      expect401(await call('GET', `/recipients/${alice}`, { key: forged }));
    });

    it.each([0, 2_592_001, 1.5, '60', null])('when ttl_seconds is %p, then 400', async (ttl) => {
      const res = await call('POST', `/recipients/${alice}/tokens`, { key: p.fullKey, body: { ttl_seconds: ttl } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'ttl_seconds' })] });
    });

    it('when the maximum ttl is asked, then it is granted', async () => {
      const res = await call('POST', `/recipients/${alice}/tokens`, { key: p.fullKey, body: { ttl_seconds: 2_592_000 } });
      expect(res.status).toBe(201);
    });

    it('when the recipient does not exist, then 404 and no token', async () => {
      const res = await call('POST', `/recipients/${uniqueId('ghost')}/tokens`, { key: p.fullKey, body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Recipient not found', code: 'recipient_not_found' });
    });
  });
});
