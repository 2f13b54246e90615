import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

const target = { channel: 'ci', topic: 'deploys', event: 'failed' };
const messageBody = (code: string) => ({ message: expect.any(String), code });
const paths = (res: { body: { errors?: { property_path: string }[] } }) => (res.body.errors ?? []).map((e) => e.property_path);
const checkPath = (id: string, t: Record<string, string> = target, medium?: string) =>
  `/recipients/${encodeURIComponent(id)}/preferences/check?${new URLSearchParams({ ...t, ...(medium ? { medium } : {}) })}`;

describe('recipient preferences: /recipients/{id}/preferences', () => {
  let p: TestProject;
  let alice: string;
  beforeAll(async () => {
    p = await createProject('prefs');
    alice = uniqueId('alice');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: alice } })).status).toBe(201);
  });
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body });
  const newRecipient = async () => {
    const id = uniqueId('r');
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    return id;
  };

  it('when nothing is set, then check resolves in_app enabled and email disabled for any target', async () => {
    const inApp = await as('GET', checkPath(alice, { channel: 'never', topic: 'seen', event: 'before' }));
    expect(inApp.status).toBe(200);
    expect(inApp.body).toEqual({
      data: {
        target: { channel: 'never', topic: 'seen', event: 'before', medium: 'in_app' },
        state: { enabled: true, inherited: true, cataloged: false, mandatory: false },
        decision: { result: 'enabled', because: 'medium_default', rule: null },
      },
    });
    const email = await as('GET', checkPath(alice, target, 'email'));
    expect(email.body.data.state).toEqual({ enabled: false, inherited: true, cataloged: false, mandatory: false });
  });

  it('when a preference is set, then 200 with target+medium and state {enabled, inherited: false}; mediums are independent', async () => {
    const id = await newRecipient();
    const res = await as('PATCH', `/recipients/${id}/preferences`, { target, medium: 'email', state: { enabled: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { target: { ...target, medium: 'email' }, state: { enabled: true, inherited: false } } });
    const inApp = await as('PATCH', `/recipients/${id}/preferences`, { target, state: { enabled: false } });
    expect(inApp.body.data.target.medium).toBe('in_app');
    expect((await as('GET', checkPath(id, target, 'email'))).body.data.state).toMatchObject({ enabled: true, inherited: false });
    expect((await as('GET', checkPath(id))).body.data.state).toMatchObject({ enabled: false, inherited: false });
  });

  it('when listed, then catalog and own-rule targets come in both mediums with name when cataloged, in order', async () => {
    const q = await createProject('prefs-list');
    const id = uniqueId('r');
    await call('POST', '/recipients', { key: q.fullKey, body: { id } });
    await call('PUT', '/preferences', { key: q.fullKey, body: [{ channel: 'b', topic: 'none', event: 'e', medium: 'email', name: 'B mail', default_enabled: true }] });
    await call('PATCH', `/recipients/${id}/preferences`, { key: q.fullKey, body: { target: { channel: 'a', topic: 't', event: 'e' }, state: { enabled: false } } });
    const res = await call('GET', `/recipients/${id}/preferences`, { key: q.fullKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        preferences: [
          { target: { channel: 'a', topic: 't', event: 'e', medium: 'in_app' }, state: { enabled: false, inherited: false, cataloged: false, mandatory: false } },
          { target: { channel: 'a', topic: 't', event: 'e', medium: 'email' }, state: { enabled: false, inherited: true, cataloged: false, mandatory: false } },
          { target: { channel: 'b', topic: 'none', event: 'e', medium: 'in_app' }, state: { enabled: true, inherited: true, cataloged: false, mandatory: false } },
          { target: { channel: 'b', topic: 'none', event: 'e', medium: 'email', name: 'B mail' }, state: { enabled: true, inherited: true, cataloged: true, mandatory: false } },
        ],
      },
    });
  });

  it('when the governing catalog entry is mandatory, then setting answers 400 preference_mandatory and check shows its default', async () => {
    const q = await createProject('prefs-mandatory');
    const id = uniqueId('r');
    await call('POST', '/recipients', { key: q.fullKey, body: { id } });
    await call('POST', '/preferences', { key: q.fullKey, body: { ...target, topic: 'any', name: 'Forced', default_enabled: false, mandatory: true } });
    const res = await call('PATCH', `/recipients/${id}/preferences`, { key: q.fullKey, body: { target, state: { enabled: true } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(messageBody('preference_mandatory'));
    const check = await call('GET', checkPath(id), { key: q.fullKey });
    expect(check.body.data.state).toEqual({ enabled: false, inherited: true, cataloged: false, mandatory: true });
  });

  it('when the catalog email entry a recipient relied on is deleted, then their email turns off', async () => {
    const q = await createProject('prefs-uncatalog');
    const id = uniqueId('r');
    await call('POST', '/recipients', { key: q.fullKey, body: { id } });
    const made = await call('POST', '/preferences', { key: q.fullKey, body: { ...target, medium: 'email', name: 'Mail', default_enabled: true } });
    expect((await call('GET', checkPath(id, target, 'email'), { key: q.fullKey })).body.data.state).toMatchObject({ enabled: true, cataloged: true });
    await call('DELETE', `/preferences/${made.body.data.id}`, { key: q.fullKey });
    expect((await call('GET', checkPath(id, target, 'email'), { key: q.fullKey })).body.data.state).toMatchObject({ enabled: false, cataloged: false });
  });

  it('when the recipient does not exist, then each operation answers 404 Recipient not found', async () => {
    const ghost = uniqueId('ghost');
    for (const [method, path, body] of [
      ['GET', `/recipients/${ghost}/preferences`, undefined],
      ['GET', checkPath(ghost), undefined],
      ['PATCH', `/recipients/${ghost}/preferences`, { target, state: { enabled: false } }],
    ] as const) {
      const res = await as(method, path, body);
      expect([path, res.status, res.body]).toEqual([path, 404, { message: 'Recipient not found', code: 'recipient_not_found' }]);
    }
  });

  it.each([
    ['no target', { state: { enabled: true } }, 'target'],
    ['a missing channel', { target: { topic: 't', event: 'e' }, state: { enabled: true } }, 'target.channel'],
    ['an empty topic', { target: { ...target, topic: '' }, state: { enabled: true } }, 'target.topic'],
    ['an event over 128 characters', { target: { ...target, event: 'x'.repeat(129) }, state: { enabled: true } }, 'target.event'],
    ['a bad medium', { target, medium: 'fax', state: { enabled: true } }, 'medium'],
    ['a string enabled', { target, state: { enabled: 'true' } }, 'state.enabled'],
    ['no state', { target }, 'state'],
  ])('when set has %s, then 400 validation_failed in the message family and nothing is stored', async (_what, body, path) => {
    const id = await newRecipient();
    const res = await as('PATCH', `/recipients/${id}/preferences`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(messageBody('validation_failed'));
    expect(paths(res)).toContain(path);
    expect((await as('GET', `/recipients/${id}/preferences`)).body.data.preferences).toEqual([]);
  });

  it.each([
    ['no channel', `?topic=t&event=e`, 'channel'],
    ['no event', `?channel=c&topic=t`, 'event'],
    ['an empty topic', `?channel=c&topic=&event=e`, 'topic'],
    ['a bad medium', `?channel=c&topic=t&event=e&medium=fax`, 'medium'],
    ['a channel over 128 characters', `?channel=${'c'.repeat(129)}&topic=t&event=e`, 'channel'],
  ])('when check has %s, then 400 validation_failed', async (_what, query, path) => {
    const res = await as('GET', `/recipients/${alice}/preferences/check${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(messageBody('validation_failed'));
    expect(paths(res)).toContain(path);
  });

  it('when a Recipient key or that recipient\'s token is used, then all three work; another recipient\'s token is 403', async () => {
    const bob = await newRecipient();
    const token = (await as('POST', `/recipients/${bob}/tokens`, {})).body.data.token;
    for (const key of [p.recipientKey, token]) {
      expect((await call('PATCH', `/recipients/${bob}/preferences`, { key, body: { target, state: { enabled: false } } })).status).toBe(200);
      expect((await call('GET', `/recipients/${bob}/preferences`, { key })).status).toBe(200);
      expect((await call('GET', checkPath(bob), { key })).status).toBe(200);
    }
    const res = await call('GET', `/recipients/${alice}/preferences`, { key: token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(messageBody('forbidden'));
    expect((await call('GET', `/recipients/${alice}/preferences`)).body).toEqual(messageBody('unauthorized'));
  });

  it('when a recipient was just checked and is then deleted, then the next check answers 404 at once', async () => {
    const id = await newRecipient();
    expect((await as('GET', checkPath(id))).status).toBe(200);
    expect((await as('GET', `/recipients/${id}/preferences`)).status).toBe(200);
    expect((await as('DELETE', `/recipients/${id}`)).status).toBe(200);
    const after = await as('GET', checkPath(id));
    expect(after.status).toBe(404);
    expect(after.body).toEqual({ message: 'Recipient not found', code: 'recipient_not_found' });
    expect((await as('GET', `/recipients/${id}/preferences`)).status).toBe(404);
  });

  it('when a recipient is deleted and created again, then their old rules are gone', async () => {
    const id = await newRecipient();
    await as('PATCH', `/recipients/${id}/preferences`, { target, medium: 'email', state: { enabled: true } });
    expect((await as('DELETE', `/recipients/${id}`)).status).toBe(200);
    expect((await as('GET', `/recipients/${id}/preferences`)).status).toBe(404);
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    // The erasure reaches the preference service as an event: wait for it, then the feed is empty.
    await eventually('old rules gone', async () => (await as('GET', `/recipients/${id}/preferences`)).body.data.preferences.length === 0);
    expect((await as('GET', `/recipients/${id}/preferences`)).body.data.preferences).toEqual([]);
  });
});
