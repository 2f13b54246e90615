import { adminToken, baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

/** The console's cookie session: sign-in with a Full key or the admin token, the cookie on the API's routes, sign-out, revocation, Origin. */
describe('console sessions', () => {
  let p: TestProject;
  let other: TestProject;
  let alice: string;
  const origin = () => baseUrl();

  beforeAll(async () => {
    p = await createProject('console');
    other = await createProject('console-other');
    alice = uniqueId('alice');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: alice } })).status).toBe(201);
  });

  const signIn = async (body: object, headers: Record<string, string> = { origin: origin() }) => {
    const res = await call('POST', '/console/session', { body, headers });
    const setCookie = res.headers.get('set-cookie') ?? '';
    return { res, setCookie, cookie: setCookie.split(';')[0] };
  };
  const withCookie = (method: string, path: string, cookie: string, extra: { body?: unknown; headers?: Record<string, string> } = {}) =>
    call(method, path, { body: extra.body, headers: { cookie, ...extra.headers } });

  it('when a Full key signs in, then an HttpOnly, SameSite=Strict cookie that never holds the key, and it reads the project\'s data', async () => {
    const { res, setCookie, cookie } = await signIn({ key: p.fullKey });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Signed in', data: { project: { id: p.id, name: 'console' }, admin: false, expires_at: expect.any(String) } });
    expect(JSON.stringify(res.body)).not.toContain(p.fullKey);
    expect(setCookie).toMatch(/^herald_console=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=900; HttpOnly; SameSite=Strict$/);
    expect(setCookie).not.toContain(p.fullKey.slice(8));
    expect((await withCookie('GET', `/recipients/${alice}`, cookie)).status).toBe(200);
    expect((await withCookie('GET', '/console/session', cookie)).body).toEqual({ data: { project: { id: p.id, name: 'console' } } });
  });

  it('when behind https (X-Forwarded-Proto), then the cookie is Secure', async () => {
    const { setCookie } = await signIn({ key: p.fullKey }, { origin: origin().replace(/^http:/, 'https:'), 'x-forwarded-proto': 'https' });
    expect(setCookie).toMatch(/; Secure$/);
  });

  it.each([
    ['a Recipient key', () => ({ key: p.recipientKey }), 403],
    ['an unknown key', () => ({ key: `nk_full_${'A'.repeat(43)}` }), 401],
    ['the admin token without a project', () => ({ key: adminToken() }), 400],
    ['the admin token with a project that does not exist', () => ({ key: adminToken(), project_id: 999_999_999 }), 404],
  ])('when %s signs in, then %s and no cookie', async (_label, body, status) => {
    const { res, setCookie } = await signIn(body());
    expect(res.status).toBe(status);
    expect(setCookie).toBe('');
  });

  it('when the admin token signs in with an existing project, then the session reads that project only', async () => {
    const { res, cookie } = await signIn({ key: adminToken(), project_id: p.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ project: { id: p.id }, admin: true });
    expect((await withCookie('GET', `/recipients/${alice}`, cookie)).status).toBe(200);
  });

  it('when a session of another project reads this one\'s recipient, then not found', async () => {
    const { cookie } = await signIn({ key: other.fullKey });
    const res = await withCookie('GET', `/recipients/${alice}`, cookie);
    expect(res.status).toBe(404);
  });

  it('when sign-in or a mutating call comes without the console\'s Origin, then 403', async () => {
    expect((await signIn({ key: p.fullKey }, {})).res.status).toBe(403);
    expect((await signIn({ key: p.fullKey }, { origin: 'https://evil.example' })).res.status).toBe(403);
    const { cookie } = await signIn({ key: p.fullKey });
    const body = { id: uniqueId('csrf') };
    expect((await withCookie('POST', '/recipients', cookie, { body })).status).toBe(403);
    expect((await withCookie('POST', '/recipients', cookie, { body, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await withCookie('POST', '/recipients', cookie, { body, headers: { origin: origin() } })).status).toBe(201);
  });

  it('when the session signs out, then its cookie is cleared and every call with it answers 401', async () => {
    const { cookie } = await signIn({ key: p.fullKey });
    const out = await withCookie('DELETE', '/console/session', cookie, { headers: { origin: origin() } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^herald_console=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
    expect((await withCookie('GET', `/recipients/${alice}`, cookie)).status).toBe(401);
    expect((await withCookie('GET', '/notifications', cookie)).status).toBe(401);
  });

  it('when the key a session was opened with is revoked, then the session ends at once', async () => {
    const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'full' } });
    const { cookie } = await signIn({ key: created.body.data.key });
    expect((await withCookie('GET', `/recipients/${alice}`, cookie)).status).toBe(200);
    expect((await call('DELETE', `/admin/projects/${p.id}/keys/${created.body.data.id}`, { key: adminToken() })).status).toBe(200);
    expect((await withCookie('GET', `/recipients/${alice}`, cookie)).status).toBe(401);
  });

  it('when the console page is served, then with a strict CSP that forbids framing', async () => {
    const res = await call('GET', '/console');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
