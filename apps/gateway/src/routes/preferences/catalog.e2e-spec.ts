import { call, createProject, TIMESTAMP, type TestProject } from '../../testing/rest-client';

const item = (over: Record<string, unknown> = {}) => ({ channel: 'ci', topic: 'deploys', event: 'failed', name: 'Deploy failures', default_enabled: true, ...over });
const errorBody = (error: string) => ({ error, details: expect.any(String) });
const paths = (res: { body: { errors?: { property_path: string }[] } }) => (res.body.errors ?? []).map((e) => e.property_path);

describe('catalog: /preferences', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('catalog');
  });
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body });

  it('when an entry is created, then 201 with the full entry shape (label, target, null description, mandatory)', async () => {
    const res = await as('POST', '/preferences', item({ channel: 'shape' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('x-api-version')).toBe('1.0');
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        id: expect.any(Number),
        project_id: p.id,
        target: { channel: 'shape', topic: 'deploys', event: 'failed' },
        medium: 'in_app',
        label: 'Deploy failures',
        description: null,
        default_enabled: true,
        mandatory: false,
        digest: null,
        throttle: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      },
    });
    const withAll = await as('POST', '/preferences', item({ channel: 'shape', medium: 'email', description: 'Mail on failure', mandatory: true, default_enabled: false }));
    expect(withAll.body.data).toMatchObject({ medium: 'email', description: 'Mail on failure', mandatory: true, default_enabled: false });
  });

  it('when the natural key exists, then 409 preference_exists in the error family', async () => {
    expect((await as('POST', '/preferences', item({ channel: 'dup' }))).status).toBe(201);
    const res = await as('POST', '/preferences', item({ channel: 'dup', name: 'again' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody('preference_exists'));
  });

  it.each([
    ['a missing channel', item({ channel: undefined }), 'channel'],
    ['an empty topic', item({ topic: '' }), 'topic'],
    ['an event over 128 characters', item({ event: 'e'.repeat(129) }), 'event'],
    ['a numeric channel', item({ channel: 7 }), 'channel'],
    ['a bad medium', item({ medium: 'fax' }), 'medium'],
    ['an empty medium', item({ medium: '' }), 'medium'],
    ['a missing name', item({ name: undefined }), 'name'],
    ['an empty name', item({ name: '' }), 'name'],
    ['a string default_enabled', item({ default_enabled: 'true' }), 'default_enabled'],
    ['a missing default_enabled', item({ default_enabled: undefined }), 'default_enabled'],
    ['a numeric mandatory', item({ mandatory: 1 }), 'mandatory'],
  ])('when create has %s, then 400 validation_failed naming it, and nothing is written', async (_what, body, path) => {
    const before = (await as('GET', '/preferences')).body.data.length;
    const res = await as('POST', '/preferences', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(errorBody('validation_failed'));
    expect(paths(res)).toContain(path);
    expect((await as('GET', '/preferences')).body.data).toHaveLength(before);
  });

  it('when the body is not JSON or not an object, then 400 in the error family', async () => {
    const bad = await call('POST', '/preferences', { key: p.fullKey, raw: '{"channel":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject(errorBody('validation_failed'));
    expect((await as('POST', '/preferences', [item()])).status).toBe(400);
  });

  it('when the caller is not a Full key, then 401/403 in the error family', async () => {
    expect((await call('GET', '/preferences')).body).toEqual(errorBody('unauthorized'));
    for (const [method, path] of [['GET', '/preferences'], ['POST', '/preferences'], ['PUT', '/preferences'], ['GET', '/preferences/1'], ['PATCH', '/preferences/1'], ['DELETE', '/preferences/1']]) {
      const res = await call(method, path, { key: p.recipientKey, body: method === 'GET' || method === 'DELETE' ? undefined : item() });
      expect([path, res.status, res.body]).toEqual([path, 403, errorBody('forbidden')]);
    }
  });

  describe('read, update, delete', () => {
    let q: TestProject;
    let id: number;
    beforeAll(async () => {
      q = await createProject('catalog-rud');
      id = (await call('POST', '/preferences', { key: q.fullKey, body: item({ description: 'd' }) })).body.data.id;
    });
    const asQ = (method: string, path: string, body?: unknown) => call(method, path, { key: q.fullKey, body });

    it('when entries are listed, then all of the project come ordered by id, other projects excluded', async () => {
      const more = [];
      for (const channel of ['z', 'a']) more.push((await asQ('POST', '/preferences', item({ channel }))).body.data.id);
      const res = await asQ('GET', '/preferences');
      expect(res.status).toBe(200);
      expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([id, ...more]);
      expect(res.body.data.every((e: { project_id: number }) => e.project_id === q.id)).toBe(true);
    });

    it('when an entry is read, then it is returned; unknown, foreign or non-integer ids are 404 preference_not_found', async () => {
      const res = await asQ('GET', `/preferences/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, label: 'Deploy failures', description: 'd' });
      for (const bad of ['999999999', 'abc', '1.5', '-1', '0', '1e3', '99999999999999999999']) {
        const r = await asQ('GET', `/preferences/${bad}`);
        expect([bad, r.status, r.body]).toEqual([bad, 404, errorBody('preference_not_found')]);
      }
      expect((await call('GET', `/preferences/${id}`, { key: p.fullKey })).status).toBe(404);
    });

    it('when an entry is patched, then the given fields change and the answer carries the entry', async () => {
      const res = await asQ('PATCH', `/preferences/${id}`, { name: 'Renamed', default_enabled: false, mandatory: true, description: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: expect.any(String), data: expect.objectContaining({ id, label: 'Renamed', default_enabled: false, mandatory: true, description: null }) });
      const same = await asQ('PATCH', `/preferences/${id}`, { channel: 'ci', topic: 'deploys', event: 'failed', medium: 'in_app', mandatory: false });
      expect(same.status).toBe(200);
    });

    it.each([
      ['a changed channel', { channel: 'other' }, 'immutable_field'],
      ['a changed medium', { medium: 'email', name: 'x' }, 'immutable_field'],
      ['a changed topic', { topic: 'any' }, 'immutable_field'],
      ['an empty body', {}, 'validation_failed'],
      ['a string mandatory', { mandatory: 'yes' }, 'validation_failed'],
      ['a numeric default_enabled', { default_enabled: 0 }, 'validation_failed'],
      ['an empty name', { name: '' }, 'validation_failed'],
    ])('when a patch has %s, then 400 %s and nothing changes', async (_what, body, code) => {
      const before = (await asQ('GET', `/preferences/${id}`)).body.data;
      const res = await asQ('PATCH', `/preferences/${id}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(errorBody(code));
      expect((await asQ('GET', `/preferences/${id}`)).body.data).toEqual(before);
    });

    it('when an unknown or non-integer id is patched or deleted, then 404 preference_not_found', async () => {
      expect((await asQ('PATCH', '/preferences/99999999', { name: 'x' })).body).toEqual(errorBody('preference_not_found'));
      expect((await asQ('PATCH', '/preferences/x1', { name: 'x' })).status).toBe(404);
      expect((await asQ('DELETE', '/preferences/1.0')).body).toEqual(errorBody('preference_not_found'));
    });

    it('when an entry is deleted, then 200 {message}, it is gone, and a second delete is 404', async () => {
      const made = (await asQ('POST', '/preferences', item({ channel: 'to-delete' }))).body.data.id;
      const res = await asQ('DELETE', `/preferences/${made}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect((await asQ('GET', `/preferences/${made}`)).status).toBe(404);
      expect((await asQ('DELETE', `/preferences/${made}`)).status).toBe(404);
    });
  });

  describe('bulk upsert: PUT /preferences', () => {
    let r: TestProject;
    beforeEach(async () => {
      r = await createProject('catalog-bulk');
    });
    const asR = (method: string, path: string, body?: unknown) => call(method, path, { key: r.fullKey, body });
    const keys = (entries: { target: { event: string }; medium: string }[]) => entries.map((e) => `${e.target.event}/${e.medium}`);

    it('when items are sent, then new ones are inserted, existing ones updated by natural key, others left', async () => {
      const kept = (await asR('POST', '/preferences', item({ event: 'kept' }))).body.data;
      const changed = (await asR('POST', '/preferences', item({ event: 'changed', description: 'old', mandatory: true }))).body.data;
      const res = await asR('PUT', '/preferences', [item({ event: 'changed', name: 'New name', default_enabled: false }), item({ event: 'new', medium: 'email' })]);
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
      expect(keys(res.body.data)).toEqual(['kept/in_app', 'changed/in_app', 'new/email']);
      expect(res.body.data[0]).toEqual(kept);
      expect(res.body.data[1]).toMatchObject({ id: changed.id, label: 'New name', default_enabled: false, description: null, mandatory: false });
    });

    it('when prune=true, then entries absent from the array are deleted; prune=false keeps them', async () => {
      await asR('PUT', '/preferences', [item({ event: 'a' }), item({ event: 'b' }), item({ event: 'c', medium: 'email' })]);
      expect(keys((await asR('PUT', '/preferences?prune=false', [item({ event: 'b' })])).body.data)).toEqual(['a/in_app', 'b/in_app', 'c/email']);
      const res = await asR('PUT', '/preferences?prune=true', [item({ event: 'b' })]);
      expect(keys(res.body.data)).toEqual(['b/in_app']);
      expect(keys((await asR('GET', '/preferences')).body.data)).toEqual(['b/in_app']);
      expect((await asR('PUT', '/preferences?prune=true', [])).body.data).toEqual([]);
    });

    it.each(['yes', '1', 'TRUE', '', 'true&prune=false'])('when prune is %j, then 400 validation_failed and nothing is written', async (value) => {
      await asR('PUT', '/preferences', [item({ event: 'a' })]);
      const res = await asR('PUT', `/preferences?prune=${value}`, [item({ event: 'b' })]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(errorBody('validation_failed'));
      expect(paths(res)).toContain('prune');
      expect(keys((await asR('GET', '/preferences')).body.data)).toEqual(['a/in_app']);
    });

    it('when items are invalid or repeat a natural key, then 400 naming each index and nothing is written', async () => {
      await asR('PUT', '/preferences', [item({ event: 'a' })]);
      const res = await asR('PUT', '/preferences?prune=true', [item({ event: 'b' }), item({ event: 'c', medium: 'fax' }), item({ event: '' }), item({ event: 'b', name: 'twice' })]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(errorBody('validation_failed'));
      expect(paths(res)).toEqual(['[1].medium', '[2].event', '[3]']);
      expect(keys((await asR('GET', '/preferences')).body.data)).toEqual(['a/in_app']);
    });

    it('when an item has a wrong JSON type or the body is not an array, then 400 naming it and nothing is written', async () => {
      const res = await asR('PUT', '/preferences', [item({ event: 'b' }), item({ default_enabled: 'yes' })]);
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['[1].default_enabled']);
      expect((await asR('PUT', '/preferences', item())).status).toBe(400);
      expect((await asR('GET', '/preferences')).body.data).toEqual([]);
    });
  });
});
