import { adminToken, call, createProject, TIMESTAMP } from '../../testing/rest-client';

const DEFAULTS = { strict_targets: false, max_broadcast_recipients_for_email: 0, max_broadcast_recipients_for_push: 0, max_list_recipients_for_email: 10_000, max_list_recipients_for_push: 10_000, monthly_quota: null, rate_limit_per_second: 1000, email_from: null, email_reply_to: null, retention_days: 365 };

describe('admin API', () => {
  it('when a project is created, then 201 with default settings and one key of each scope, shown once', async () => {
    const res = await call('POST', '/admin/projects', { key: adminToken(), body: { name: 'Acme' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-api-version')).toBe('1.0');
    const { project, keys } = res.body.data;
    expect(res.body.message).toEqual(expect.any(String));
    expect(project).toEqual({ id: expect.any(Number), name: 'Acme', settings: DEFAULTS, created_at: expect.stringMatching(TIMESTAMP), updated_at: expect.stringMatching(TIMESTAMP) });
    expect(keys).toEqual([
      { id: expect.any(Number), scope: 'full', key: expect.stringMatching(/^nk_full_[A-Za-z0-9_-]{43}$/) },
      { id: expect.any(Number), scope: 'recipient', key: expect.stringMatching(/^nk_rcpt_[A-Za-z0-9_-]{43}$/) },
    ]);
    const read = await call('GET', `/admin/projects/${project.id}`, { key: adminToken() });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: project });
    expect(JSON.stringify(read.body)).not.toContain(keys[0].key);
  });

  it('when two projects are created, then their ids increase', async () => {
    const a = await createProject();
    const b = await createProject();
    expect(b.id).toBeGreaterThan(a.id);
    expect(b.fullKeyId).toBeGreaterThan(a.recipientKeyId);
  });

  it('when settings are given at creation, then they are merged over the defaults', async () => {
    const res = await call('POST', '/admin/projects', { key: adminToken(), body: { name: 'x', settings: { monthly_quota: 5, strict_targets: true } } });
    expect(res.body.data.project.settings).toEqual({ ...DEFAULTS, monthly_quota: 5, strict_targets: true });
  });

  it.each([
    [{ name: 'x', settings: { strict_targets: 'yes' } }, 'settings.strict_targets'],
    [{ name: 'x', settings: { max_broadcast_recipients_for_email: -1 } }, 'settings.max_broadcast_recipients_for_email'],
    [{ name: 'x', settings: { max_broadcast_recipients_for_email: null } }, 'settings.max_broadcast_recipients_for_email'],
    [{ name: 'x', settings: { monthly_quota: 1.5 } }, 'settings.monthly_quota'],
    [{ name: 'x', settings: { rate_limit_per_second: '10' } }, 'settings.rate_limit_per_second'],
    [{ name: 'x', settings: { strict_targets: null } }, 'settings.strict_targets'],
    [{ name: 'x', settings: { retention_days: 0 } }, 'settings.retention_days'],
    [{ name: 'x', settings: { retention_days: 3651 } }, 'settings.retention_days'],
    [{ name: 'x', settings: { retention_days: 30.5 } }, 'settings.retention_days'],
    [{ name: 'x', settings: null }, 'settings'],
    [{ name: 5 }, 'name'],
    [{ name: '' }, 'name'],
    [{}, 'name'],
  ])('when a project body is %j, then 400 validation_failed naming %s, in the error family', async (body, path) => {
    const res = await call('POST', '/admin/projects', { key: adminToken(), body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: expect.any(String) });
    expect(res.body.errors.map((e: { property_path: string }) => e.property_path)).toContain(path);
  });

  it('when a project is patched, then the name changes and settings merge', async () => {
    const p = await createProject('before', { monthly_quota: 10 });
    const res = await call('PATCH', `/admin/projects/${p.id}`, { key: adminToken(), body: { name: 'after', settings: { rate_limit_per_second: null } } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.data).toMatchObject({ id: p.id, name: 'after', settings: { ...DEFAULTS, monthly_quota: 10, rate_limit_per_second: null } });
    const forever = await call('PATCH', `/admin/projects/${p.id}`, { key: adminToken(), body: { settings: { retention_days: null } } });
    expect(forever.body.data.settings.retention_days).toBeNull();
    const tenYears = await call('PATCH', `/admin/projects/${p.id}`, { key: adminToken(), body: { settings: { retention_days: 3650 } } });
    expect(tenYears.body.data.settings.retention_days).toBe(3650);
    const again = await call('PATCH', `/admin/projects/${p.id}`, { key: adminToken(), body: { settings: { strict_targets: true } } });
    expect(again.body.data).toMatchObject({ name: 'after', settings: { monthly_quota: 10, rate_limit_per_second: null, strict_targets: true } });
  });

  it.each(['999999999', 'abc', '0'])('when project %s does not exist, then 404 project_not_found', async (id) => {
    for (const [method, path, body] of [
      ['GET', `/admin/projects/${id}`, undefined],
      ['PATCH', `/admin/projects/${id}`, { name: 'x' }],
      ['POST', `/admin/projects/${id}/keys`, { scope: 'full' }],
    ] as const) {
      const res = await call(method, path, { key: adminToken(), body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'project_not_found', details: 'Project not found' });
    }
  });

  it('when a key is created and then revoked, then it works at once and stops working at once', async () => {
    const p = await createProject();
    const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'recipient' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), scope: 'recipient', key: expect.stringMatching(/^nk_rcpt_/), created_at: expect.stringMatching(TIMESTAMP) });
    const key = created.body.data.key;
    expect((await call('GET', '/recipients/nobody/contacts', { key })).status).toBe(404);

    const revoked = await call('DELETE', `/admin/projects/${p.id}/keys/${created.body.data.id}`, { key: adminToken() });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: expect.any(String) });
    const after = await call('GET', '/recipients/nobody/contacts', { key });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthorized');
    expect(after.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('when a key scope is not full or recipient, then 400', async () => {
    const p = await createProject();
    const res = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].property_path).toBe('scope');
  });

  it("when a key is unknown or another project's, then 404 key_not_found", async () => {
    const a = await createProject();
    const b = await createProject();
    for (const path of [`/admin/projects/${a.id}/keys/999999999`, `/admin/projects/${a.id}/keys/x`, `/admin/projects/${a.id}/keys/${b.fullKeyId}`]) {
      const res = await call('DELETE', path, { key: adminToken() });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'key_not_found', details: 'Key not found' });
    }
    expect((await call('GET', '/recipients/nobody', { key: b.fullKey })).status).toBe(404);
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token-wrong-token' }],
    ['the wrong scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
  ])('when the admin API is called with %s, then 401 unauthorized in the error family', async (_label, headers) => {
    const res = await call('POST', '/admin/projects', { headers, body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized', details: expect.any(String) });
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it("when the admin API is called with a project's Full key, then 401", async () => {
    const p = await createProject();
    const res = await call('GET', `/admin/projects/${p.id}`, { key: p.fullKey });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
  });
});
