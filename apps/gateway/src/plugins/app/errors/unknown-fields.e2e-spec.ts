import { adminToken, call, createProject, uniqueId, type TestProject } from '../../../testing/rest-client';

/** A typo never passes silently: a body field the request does not have is refused by name. */
describe('unknown body fields', () => {
  let p: TestProject;
  let rid: string;
  beforeAll(async () => {
    p = await createProject('unknown-fields');
    rid = uniqueId('typo');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: rid } })).status).toBe(201);
  });

  it.each([
    ['POST', () => '/notifications/send', () => ({ recipient_id: rid, emial: { subject: 'Hi', body: 'Hello' } }), 'emial'],
    ['PATCH', () => `/recipients/${rid}`, () => ({ nmae: 'Ada' }), 'nmae'],
    ['PATCH', () => `/recipients/${rid}/notifications/1`, () => ({ reed: true }), 'reed'],
    ['POST', () => '/recipients', () => ({ id: uniqueId('typo'), naem: 'Ada' }), 'naem'],
    ['POST', () => `/recipients/${rid}/contacts`, () => ({ medium: 'email', address: 'a@example.com', is_primry: true }), 'is_primry'],
    ['POST', () => `/recipients/${rid}/tokens`, () => ({ ttl: 60 }), 'ttl'],
    ['PATCH', () => `/recipients/${rid}/preferences`, () => ({ channel: 'c', topic: 't', event: 'e', enabeld: true }), 'enabeld'],
    ['POST', () => '/preferences', () => ({ channel: 'c', topic: 't', event: 'e', medium: 'in_app', defualt_enabled: true }), 'defualt_enabled'],
    ['POST', () => '/webhooks', () => ({ url: 'https://hooks.example.com/x', evnets: ['notification.sent'] }), 'evnets'],
    ['POST', () => '/admin/projects', () => ({ name: 'typo', setings: {} }), 'setings'],
  ])('when %s %s has an unknown field, then 400 validation_failed naming it', async (method, path, body, field) => {
    const key = path().startsWith('/admin') ? adminToken() : p.fullKey;
    const res = await call(method, path(), { key, body: body() });
    expect(res.status).toBe(400);
    expect(res.body.code ?? res.body.error).toBe('validation_failed');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ property_path: field, description: expect.stringContaining('not a field of this request') })]));
  });

  it('when a field inside a medium is misspelt, then it is named with its path', async () => {
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: rid, email: { subject: 'Hi', bdoy: 'x' } } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { property_path: string }) => e.property_path)).toEqual(['email.bdoy']);
  });

  it('when a recipient is read, changed and written back whole, then the change is made and the view fields are ignored', async () => {
    const { data } = (await call('GET', `/recipients/${rid}`, { key: p.fullKey })).body;
    const res = await call('PATCH', `/recipients/${rid}`, { key: p.fullKey, body: { ...data, name: 'Ada' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: rid, name: 'Ada', created_at: data.created_at });
  });

  it('when a project is written back with another id, then it is refused; with its own, accepted', async () => {
    const created = (await call('POST', '/admin/projects', { key: adminToken(), body: { name: 'round-trip' } })).body.data;
    // Its settings stay out: written back whole they are a change of their own, not this rule's.
    const { settings: _settings, ...data } = (await call('GET', `/admin/projects/${created.id}`, { key: adminToken() })).body.data;
    const other = await call('PATCH', `/admin/projects/${created.id}`, { key: adminToken(), body: { ...data, id: created.id + 1 } });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([expect.objectContaining({ property_path: 'id' })]);
    const same = await call('PATCH', `/admin/projects/${created.id}`, { key: adminToken(), body: { ...data, name: 'renamed' } });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ id: created.id, name: 'renamed' });
  });
});
