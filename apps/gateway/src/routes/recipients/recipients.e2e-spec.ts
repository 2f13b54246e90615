import { call, createProject, TIMESTAMP, uniqueId, type TestProject } from '../../testing/rest-client';

describe('recipients', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('recipients');
  });

  it('when a recipient is created, then 201 with the recipient; reading it returns the same', async () => {
    const id = uniqueId();
    const res = await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'Alice' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: { id, name: 'Alice', created_at: expect.stringMatching(TIMESTAMP), updated_at: expect.stringMatching(TIMESTAMP) },
    });
    const read = await call('GET', `/recipients/${encodeURIComponent(id)}`, { key: p.fullKey });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: res.body.data });
  });

  const readBack = async (id: string) => (await call('GET', `/recipients/${encodeURIComponent(id)}`, { key: p.fullKey })).body.data;

  it('when a recipient is created without a name, then name is null', async () => {
    const id = uniqueId();
    const res = await call('POST', '/recipients', { key: p.fullKey, body: { id } });
    expect([res.status, res.body.data.name]).toEqual([201, null]);
    expect(await readBack(id)).toEqual(res.body.data);
  });

  it('when the id exists, then 409 Recipient already exists', async () => {
    const id = uniqueId();
    const first = await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'First' } });
    const res = await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'Second' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Recipient already exists', code: 'recipient_exists' });
    // The first one is untouched.
    expect(await readBack(id)).toEqual(first.body.data);
  });

  it.each([
    [{}, 'id'],
    [{ id: 5 }, 'id'],
    [{ id: '' }, 'id'],
    [{ id: 'x'.repeat(257) }, 'id'],
    [{ id: 'ok', name: 5 }, 'name'],
    [{ id: 'ok', name: 'n'.repeat(257) }, 'name'],
  ])('when the create body is %j, then 400 validation_failed with an error on %s', async (body, path) => {
    // A valid id with an invalid name gets an id of its own, to check that nothing was written.
    const id = uniqueId('invalid');
    const res = await call('POST', '/recipients', { key: p.fullKey, body: 'id' in body && body.id === 'ok' ? { ...body, id } : body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), code: 'validation_failed' });
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: expect.any(String), description: expect.any(String), property_path: path })]),
    );
    if ('id' in body && body.id === 'ok') expect((await call('GET', `/recipients/${id}`, { key: p.fullKey })).status).toBe(404);
  });

  it('when the id and name are 256 astral characters (512 UTF-16 units), then the gateway agrees with the services: created, and one more is 400 on id', async () => {
    // The length rule counts code points (checkRecipientId in service-kit), at the gateway too.
    const prefix = uniqueId();
    const id = prefix + '😀'.repeat(256 - [...prefix].length);
    expect([...id]).toHaveLength(256);
    const name = '𝒜'.repeat(256);
    const res = await call('POST', '/recipients', { key: p.fullKey, body: { id, name } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id, name });
    const read = await call('GET', `/recipients/${encodeURIComponent(id)}`, { key: p.fullKey });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, name });
    const renamed = await call('PATCH', `/recipients/${encodeURIComponent(id)}`, { key: p.fullKey, body: { name: '𝒝'.repeat(256) } });
    expect(renamed.status).toBe(200);
    expect((await readBack(id)).name).toBe('𝒝'.repeat(256));

    const over = await call('POST', '/recipients', { key: p.fullKey, body: { id: `${id}😀` } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'id', message: 'id must be at most 256 characters' })] });
    expect((await call('GET', `/recipients/${encodeURIComponent(`${id}😀`)}`, { key: p.fullKey })).status).not.toBe(200);
  });

  it.each([' padded ', 'tab\there'])('when the id %p breaks the id rules, then 400', async (shape) => {
    const id = `${shape}-${uniqueId()}`;
    const res = await call('POST', '/recipients', { key: p.fullKey, body: { id } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    // No cleaned-up variant of the id was created either.
    for (const other of [id.trim(), id.replace(/\s/g, '')]) expect((await call('GET', `/recipients/${encodeURIComponent(other)}`, { key: p.fullKey })).status).not.toBe(200);
  });

  it('when a recipient is renamed, then 200 with the new name; null clears it', async () => {
    const id = uniqueId();
    await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'Old' } });
    const res = await call('PATCH', `/recipients/${id}`, { key: p.fullKey, body: { name: 'New' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: expect.any(String), data: { id, name: 'New' } });
    expect((await readBack(id)).name).toBe('New');
    const cleared = await call('PATCH', `/recipients/${id}`, { key: p.fullKey, body: { name: null, id } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.name).toBeNull();
    expect(await readBack(id)).toEqual(cleared.body.data);
  });

  it('when PATCH sends a different id, then 400 and nothing changes', async () => {
    const id = uniqueId();
    await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'Keep' } });
    const res = await call('PATCH', `/recipients/${id}`, { key: p.fullKey, body: { id: 'other', name: 'Changed' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'immutable_field', errors: [expect.objectContaining({ property_path: 'id', invalid_value: 'other' })] });
    expect((await call('GET', `/recipients/${id}`, { key: p.fullKey })).body.data.name).toBe('Keep');
  });

  it('when PATCH sends no known field, then 200 and nothing changes', async () => {
    const id = uniqueId();
    await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'Same' } });
    const before = await readBack(id);
    const res = await call('PATCH', `/recipients/${id}`, { key: p.fullKey, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, name: 'Same' });
    expect(await readBack(id)).toEqual(before);
  });

  it('when PATCH sends a wrong type, then 400 and nothing changes', async () => {
    const id = uniqueId();
    await call('POST', '/recipients', { key: p.fullKey, body: { id, name: 'Kept' } });
    const res = await call('PATCH', `/recipients/${id}`, { key: p.fullKey, body: { name: ['x'] } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].property_path).toBe('name');
    expect((await readBack(id)).name).toBe('Kept');
  });

  it.each(['GET', 'PATCH', 'DELETE'])('when %s targets an unknown recipient, then 404 Recipient not found', async (method) => {
    const res = await call(method, `/recipients/${uniqueId('ghost')}`, { key: p.fullKey, body: method === 'PATCH' ? { name: 'x' } : undefined });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Recipient not found', code: 'recipient_not_found' });
  });

  it('when a recipient is deleted, then 200 {message} and every read of it is 404', async () => {
    const id = uniqueId();
    await call('POST', '/recipients', { key: p.fullKey, body: { id } });
    await call('POST', `/recipients/${id}/contacts`, { key: p.fullKey, body: { medium: 'email', address: `${id}@x.io`, is_primary: true } });
    const res = await call('DELETE', `/recipients/${id}`, { key: p.fullKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect((await call('GET', `/recipients/${id}`, { key: p.fullKey })).status).toBe(404);
    const contacts = await call('GET', `/recipients/${id}/contacts`, { key: p.fullKey });
    expect(contacts.status).toBe(404);
    expect(contacts.body).toEqual({ message: 'Recipient not found', code: 'recipient_not_found' });
  });

  describe('listing', () => {
    it('when recipients are paged, then every one appears once, in creation order, and the last page has no cursor', async () => {
      const q = await createProject('paging');
      const ids = Array.from({ length: 5 }, (_, i) => `page-${i}`);
      for (const id of ids) await call('POST', '/recipients', { key: q.fullKey, body: { id } });
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 5; page++) {
        const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
        const res = await call('GET', `/recipients${query}`, { key: q.fullKey });
        expect(res.status).toBe(200);
        expect(res.body.data.recipients.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.recipients.map((r: { id: string }) => r.id));
        cursor = res.body.data.next_cursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(ids);
      expect(cursor).toBeNull();
    });

    it('when no limit is given, then up to 50 are returned', async () => {
      const res = await call('GET', '/recipients', { key: p.fullKey });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ recipients: expect.any(Array), next_cursor: null });
    });

    it.each(['0', '1001', 'abc', '1.5'])('when limit is %s, then 400', async (limit) => {
      const res = await call('GET', `/recipients?limit=${limit}`, { key: p.fullKey });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'limit' })] });
    });

    it('when the cursor is garbage, then 400', async () => {
      const res = await call('GET', '/recipients?cursor=%%%garbage', { key: p.fullKey });
      expect(res.status).toBe(400);
    });
  });

  describe('batch', () => {
    it('when a batch mixes new, existing, repeated and invalid items, then each is reported with its index', async () => {
      const existing = uniqueId();
      const fresh = uniqueId();
      await call('POST', '/recipients', { key: p.fullKey, body: { id: existing } });
      const res = await call('POST', '/recipients/batch', {
        key: p.fullKey,
        body: { recipients: [{ id: fresh, name: 'F' }, { id: existing, name: 'E' }, { id: '' }, 42, { id: 7 }, { id: 'ok-name', name: false }, { id: fresh }] },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.created).toEqual([{ id: fresh }]);
      expect(res.body.data.updated).toEqual(expect.arrayContaining([{ id: existing }, { id: fresh }]));
      expect(res.body.data.failed.map((f: { batch_index: number }) => f.batch_index)).toEqual([2, 3, 4, 5]);
      expect(res.body.data.failed[0]).toEqual({ id: '', batch_index: 2, errors: [expect.objectContaining({ property_path: 'id' })] });
      expect(res.body.data.failed[2]).toEqual({ id: '', batch_index: 4, errors: [expect.objectContaining({ property_path: 'id', invalid_value: 7 })] });
      expect(res.body.data.failed[3]).toEqual({ id: 'ok-name', batch_index: 5, errors: [expect.objectContaining({ property_path: 'name', invalid_value: false })] });
      expect((await call('GET', `/recipients/${existing}`, { key: p.fullKey })).body.data.name).toBe('E');
      expect((await call('GET', `/recipients/${fresh}`, { key: p.fullKey })).status).toBe(200);
    });

    it('when the batch holds 1000 items, then all are processed', async () => {
      const prefix = uniqueId('bulk');
      const recipients = Array.from({ length: 1000 }, (_, i) => ({ id: `${prefix}-${i}` }));
      const res = await call('POST', '/recipients/batch', { key: p.fullKey, body: { recipients } });
      expect(res.status).toBe(200);
      expect(res.body.data.created).toHaveLength(1000);
      for (const i of [0, 499, 999]) expect((await call('GET', `/recipients/${prefix}-${i}`, { key: p.fullKey })).status).toBe(200);
    });

    it('when the batch holds 1001 items, then 400 and nothing is written', async () => {
      const prefix = uniqueId('over');
      const recipients = Array.from({ length: 1001 }, (_, i) => ({ id: `${prefix}-${i}` }));
      const res = await call('POST', '/recipients/batch', { key: p.fullKey, body: { recipients } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'recipients' })] });
      expect((await call('GET', `/recipients/${prefix}-0`, { key: p.fullKey })).status).toBe(404);
    });

    it.each([[{}], [{ recipients: 'x' }], [{ recipients: { id: 'a' } }], [[]]])('when the body is %j, then 400', async (body) => {
      const res = await call('POST', '/recipients/batch', { key: p.fullKey, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    });
  });
});
