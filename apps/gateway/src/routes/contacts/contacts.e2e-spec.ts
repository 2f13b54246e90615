import { call, createProject, TIMESTAMP, uniqueId, type TestProject, type JsonBody } from '../../testing/rest-client';

describe('contacts', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('contacts');
  });

  const newRecipient = async () => {
    const id = uniqueId();
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    return id;
  };
  const add = (rid: string, body: unknown, key = p.fullKey) => call('POST', `/recipients/${rid}/contacts`, { key, body });
  const list = async (rid: string) => (await call('GET', `/recipients/${rid}/contacts`, { key: p.fullKey })).body.data.contacts as JsonBody[];
  const verify = (rid: string, cid: number) => call('POST', `/recipients/${rid}/contacts/${cid}/verify`, { key: p.fullKey });

  it('when a contact is added, then 201 with the contact; the email is trimmed and lowercased', async () => {
    const rid = await newRecipient();
    const res = await add(rid, { medium: 'email', address: '  Alice@Example.COM ', is_primary: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        id: expect.any(Number),
        medium: 'email',
        address: 'alice@example.com',
        is_primary: true,
        verified_at: null,
        deliverable: true,
        confirmed: true,
        undeliverable_reason: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      },
    });
    expect(await list(rid)).toEqual([res.body.data]);
  });

  it('when is_primary is omitted, then it is false', async () => {
    const rid = await newRecipient();
    const res = await add(rid, { medium: 'sms', address: '+15550001' });
    expect([res.status, res.body.data.is_primary]).toEqual([201, false]);
    expect(await list(rid)).toEqual([res.body.data]);
  });

  it('when the same (medium, address) is added twice, then 409 Contact already exists', async () => {
    const rid = await newRecipient();
    const first = (await add(rid, { medium: 'email', address: 'dup@x.io' })).body.data;
    const res = await add(rid, { medium: 'email', address: 'DUP@x.io' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Contact already exists', code: 'contact_exists' });
    expect(await list(rid)).toEqual([first]);
  });

  it('when another recipient adds the same address, then it is allowed (duplicates are per recipient)', async () => {
    const a = await newRecipient();
    const b = await newRecipient();
    const mine = (await add(a, { medium: 'email', address: 'shared@x.io' })).body.data;
    const theirs = await add(b, { medium: 'email', address: 'shared@x.io' });
    expect(theirs.status).toBe(201);
    expect(await list(a)).toEqual([mine]);
    expect(await list(b)).toEqual([theirs.body.data]);
  });

  it('when a second primary is added for the same medium, then 409 primary_contact_exists', async () => {
    const rid = await newRecipient();
    const one = (await add(rid, { medium: 'email', address: 'one@x.io', is_primary: true })).body.data;
    const res = await add(rid, { medium: 'email', address: 'two@x.io', is_primary: true });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.any(String), code: 'primary_contact_exists' });
    const sms = await add(rid, { medium: 'sms', address: '+15550002', is_primary: true });
    expect(sms.status).toBe(201);
    const byAddress = Object.fromEntries((await list(rid)).map((c) => [c.address, c]));
    expect(byAddress).toEqual({ 'one@x.io': one, '+15550002': sms.body.data });
  });

  it.each([
    [{ medium: 'fax', address: 'a@b.c' }, 'medium'],
    [{ medium: 'email', address: 'no-at-sign' }, 'address'],
    [{ medium: 'email', address: '@x.io' }, 'address'],
    [{ medium: 'email', address: `${'a'.repeat(316)}@x.io` }, 'address'],
    [{ medium: 'email', address: '' }, 'address'],
    [{ medium: 'email' }, 'address'],
    [{ medium: 5, address: 'a@b.c' }, 'medium'],
    [{ medium: 'email', address: 'a@b.c', is_primary: 'true' }, 'is_primary'],
  ])('when the contact body is %j, then 400 with an error on %s', async (body, path) => {
    const rid = await newRecipient();
    const res = await add(rid, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), code: 'validation_failed' });
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ property_path: path })]));
    expect(await list(rid)).toEqual([]);
  });

  it('when a recipient holds 20 contacts of a medium, then a 21st answers 409 too_many_contacts (POST message family, PUT error family)', async () => {
    const rid = await newRecipient();
    for (let i = 0; i < 20; i++) expect((await add(rid, { medium: 'sms', address: `+1555010${String(i).padStart(4, '0')}` })).status).toBe(201);
    const message = 'A recipient holds at most 20 sms contacts; delete one to add another';
    const post = await add(rid, { medium: 'sms', address: '+15550109999' });
    expect([post.status, post.body]).toEqual([409, { message, code: 'too_many_contacts' }]);
    const put = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'sms', address: '+15550109999' } });
    expect([put.status, put.body]).toEqual([409, { error: 'too_many_contacts', details: message }]);
    expect(await list(rid)).toHaveLength(20);
  });

  it('when the recipient does not exist, then every contact operation answers 404 Recipient not found', async () => {
    const ghost = uniqueId('ghost');
    const message = { message: 'Recipient not found', code: 'recipient_not_found' };
    expect((await add(ghost, { medium: 'email', address: 'a@b.c' })).body).toEqual(message);
    expect((await call('GET', `/recipients/${ghost}/contacts`, { key: p.fullKey })).body).toEqual(message);
    const put = await call('PUT', `/recipients/${ghost}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'a@b.c' } });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ error: 'recipient_not_found', details: 'Recipient not found' });
  });

  describe('PUT (set primary), error family', () => {
    it('when no primary exists, then a primary with the address is created (rule 1)', async () => {
      const rid = await newRecipient();
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'First@x.io' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: expect.any(String), data: { medium: 'email', address: 'first@x.io', is_primary: true, verified_at: null } });
      expect(await list(rid)).toEqual([res.body.data]);
    });

    it('when a primary with another address exists, then it is updated in place and verified_at reset (rule 2)', async () => {
      const rid = await newRecipient();
      const first = (await add(rid, { medium: 'email', address: 'old@x.io', is_primary: true })).body.data;
      expect((await verify(rid, first.id)).body.data.verified_at).toMatch(TIMESTAMP);
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'new@x.io' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: first.id, address: 'new@x.io', is_primary: true, verified_at: null });
      expect(await list(rid)).toEqual([res.body.data]);
    });

    it('when the primary already has the address, then nothing changes (rule 3)', async () => {
      const rid = await newRecipient();
      const first = (await add(rid, { medium: 'email', address: 'same@x.io', is_primary: true })).body.data;
      const verified = (await verify(rid, first.id)).body.data;
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'SAME@x.io' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(verified);
      expect(await list(rid)).toEqual([verified]);
    });

    it('when a non-primary contact holds the address, then it becomes primary and the old primary is demoted', async () => {
      const rid = await newRecipient();
      const primary = (await add(rid, { medium: 'email', address: 'p@x.io', is_primary: true })).body.data;
      const other = (await add(rid, { medium: 'email', address: 'o@x.io' })).body.data;
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'o@x.io' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: other.id, is_primary: true });
      const byId = Object.fromEntries((await list(rid)).map((c) => [c.id, c]));
      expect(byId[primary.id].is_primary).toBe(false);
      expect(byId[other.id].is_primary).toBe(true);
    });

    it.each([
      [{ medium: 'pigeon', address: 'a@b.c' }, 'medium'],
      [{ medium: 'email', address: 'nope' }, 'address'],
      [{ medium: 'email', address: 7 }, 'address'],
      [{ address: 'a@b.c' }, 'medium'],
    ])('when the body is %j, then 400 in the error family naming %s', async (body, path) => {
      const rid = await newRecipient();
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', details: expect.any(String) });
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ property_path: path })]));
      expect(await list(rid)).toEqual([]);
    });

    it('when the body is malformed JSON, then 400 in the error family', async () => {
      const rid = await newRecipient();
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, raw: '{"medium": "email",' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', details: expect.any(String), errors: expect.any(Array) });
      expect(await list(rid)).toEqual([]);
    });

    it('when the Recipient key sets the primary, then it is allowed', async () => {
      const rid = await newRecipient();
      const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.recipientKey, body: { medium: 'email', address: 'r@x.io' } });
      expect(res.status).toBe(200);
      expect(await list(rid)).toEqual([expect.objectContaining({ medium: 'email', address: 'r@x.io', is_primary: true })]);
    });
  });

  describe('PATCH', () => {
    it('when neither address nor is_primary is sent, then 400', async () => {
      const rid = await newRecipient();
      const c = (await add(rid, { medium: 'email', address: 'a@x.io' })).body.data;
      const res = await call('PATCH', `/recipients/${rid}/contacts/${c.id}`, { key: p.fullKey, body: { other: 1 } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: expect.any(Array) });
      expect(await list(rid)).toEqual([c]);
    });

    it('when the address changes, then verified_at is reset; is_primary alone keeps it', async () => {
      const rid = await newRecipient();
      const c = (await add(rid, { medium: 'email', address: 'a@x.io' })).body.data;
      await verify(rid, c.id);
      const promoted = await call('PATCH', `/recipients/${rid}/contacts/${c.id}`, { key: p.recipientKey, body: { is_primary: true } });
      expect(promoted.status).toBe(200);
      expect(promoted.body.data).toMatchObject({ is_primary: true, verified_at: expect.stringMatching(TIMESTAMP) });
      const moved = await call('PATCH', `/recipients/${rid}/contacts/${c.id}`, { key: p.fullKey, body: { address: 'B@x.io' } });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ message: expect.any(String), data: { id: c.id, address: 'b@x.io', verified_at: null } });
      expect(await list(rid)).toEqual([moved.body.data]);
    });

    it('when is_primary: true while another primary exists, then 409', async () => {
      const rid = await newRecipient();
      const primary = (await add(rid, { medium: 'email', address: 'p@x.io', is_primary: true })).body.data;
      const c = (await add(rid, { medium: 'email', address: 'q@x.io' })).body.data;
      const res = await call('PATCH', `/recipients/${rid}/contacts/${c.id}`, { key: p.fullKey, body: { is_primary: true } });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('primary_contact_exists');
      const byId = Object.fromEntries((await list(rid)).map((x) => [x.id, x]));
      expect(byId).toEqual({ [primary.id]: primary, [c.id]: c });
    });

    it('when the new address duplicates another contact, then 409 contact_exists', async () => {
      const rid = await newRecipient();
      const other = (await add(rid, { medium: 'email', address: 'p@x.io' })).body.data;
      const c = (await add(rid, { medium: 'email', address: 'q@x.io' })).body.data;
      const res = await call('PATCH', `/recipients/${rid}/contacts/${c.id}`, { key: p.fullKey, body: { address: 'p@x.io' } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Contact already exists', code: 'contact_exists' });
      const byId = Object.fromEntries((await list(rid)).map((x) => [x.id, x]));
      expect(byId).toEqual({ [other.id]: other, [c.id]: c });
    });
  });

  describe('contact ids', () => {
    it.each(['abc', '1.5', '-1', '0', '99999999999999999999999'])('when the contact id is %s, then 404 Contact not found', async (cid) => {
      const rid = await newRecipient();
      for (const [method, suffix, body] of [
        ['PATCH', '', { is_primary: true }],
        ['DELETE', '', undefined],
        ['POST', '/verify', undefined],
      ] as const) {
        const res = await call(method, `/recipients/${rid}/contacts/${cid}${suffix}`, { key: p.fullKey, body });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Contact not found', code: 'contact_not_found' });
      }
    });

    it("when a contact of another recipient is addressed, then 404 Contact not found", async () => {
      const a = await newRecipient();
      const b = await newRecipient();
      const c = (await add(a, { medium: 'email', address: 'mine@x.io' })).body.data;
      for (const [method, suffix, body] of [
        ['PATCH', '', { address: 'x@x.io' }],
        ['DELETE', '', undefined],
        ['POST', '/verify', undefined],
      ] as const) {
        const res = await call(method, `/recipients/${b}/contacts/${c.id}${suffix}`, { key: p.fullKey, body });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Contact not found', code: 'contact_not_found' });
      }
      expect(await list(a)).toEqual([c]);
    });
  });

  it('when a contact is verified, then verified_at is set', async () => {
    const rid = await newRecipient();
    const c = (await add(rid, { medium: 'email', address: 'v@x.io' })).body.data;
    const res = await verify(rid, c.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), data: { ...c, verified_at: expect.stringMatching(TIMESTAMP), updated_at: expect.stringMatching(TIMESTAMP) } });
    expect(await list(rid)).toEqual([res.body.data]);
  });

  it('when the Recipient key deletes a contact, then 403; the Full key deletes it, then it is gone', async () => {
    const rid = await newRecipient();
    const c = (await add(rid, { medium: 'email', address: 'd@x.io' })).body.data;
    const refused = await call('DELETE', `/recipients/${rid}/contacts/${c.id}`, { key: p.recipientKey });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String), code: 'forbidden' });
    const res = await call('DELETE', `/recipients/${rid}/contacts/${c.id}`, { key: p.fullKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(await list(rid)).toEqual([]);
    expect((await call('DELETE', `/recipients/${rid}/contacts/${c.id}`, { key: p.fullKey })).status).toBe(404);
  });
});
