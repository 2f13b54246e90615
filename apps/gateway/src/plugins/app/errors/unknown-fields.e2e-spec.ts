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
    ['POST', 'emial', () => '/notifications/send', () => ({ recipient_id: rid, emial: { subject: 'Hi', body: 'Hello' } })],
    ['PATCH', 'nmae', () => `/recipients/${rid}`, () => ({ nmae: 'Ada' })],
    ['PATCH', 'reed', () => `/recipients/${rid}/notifications/1`, () => ({ reed: true })],
    ['POST', 'naem', () => '/recipients', () => ({ id: uniqueId('typo'), naem: 'Ada' })],
    ['POST', 'is_primry', () => `/recipients/${rid}/contacts`, () => ({ medium: 'email', address: 'a@example.com', is_primry: true })],
    ['POST', 'ttl', () => `/recipients/${rid}/tokens`, () => ({ ttl: 60 })],
    ['PATCH', 'enabeld', () => `/recipients/${rid}/preferences`, () => ({ channel: 'c', topic: 't', event: 'e', enabeld: true })],
    ['POST', 'defualt_enabled', () => '/preferences', () => ({ channel: 'c', topic: 't', event: 'e', medium: 'in_app', defualt_enabled: true })],
    ['POST', 'evnets', () => '/webhooks', () => ({ url: 'https://hooks.example.com/x', evnets: ['notification.sent'] })],
    ['POST', 'setings', () => '/admin/projects', () => ({ name: 'typo', setings: {} })],
  ])('when %s sends the unknown field %s, then 400 validation_failed naming it', async (method, field, path, body) => {
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
    const created = (await call('POST', '/admin/projects', { key: adminToken(), body: { name: 'round-trip' } })).body.data.project;
    const { data } = (await call('GET', `/admin/projects/${created.id}`, { key: adminToken() })).body;
    const other = await call('PATCH', `/admin/projects/${created.id}`, { key: adminToken(), body: { ...data, id: created.id + 1 } });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([expect.objectContaining({ property_path: 'id' })]);
    const same = await call('PATCH', `/admin/projects/${created.id}`, { key: adminToken(), body: { ...data, name: 'renamed' } });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ id: created.id, name: 'renamed' });
  });
});
