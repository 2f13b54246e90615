import { call, createProject, TIMESTAMP, uniqueId, type TestProject } from '../../testing/rest-client';

jest.setTimeout(120_000);

/** Lists and subscriptions through the public REST surface, with the issue's bad input and tenant isolation. */
describe('lists', () => {
  let p: TestProject;
  let other: TestProject;
  beforeAll(async () => {
    [p, other] = await Promise.all([createProject('lists'), createProject('lists-other')]);
  });

  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const newList = async (extra: Record<string, unknown> = {}) => {
    const key = uniqueId('list');
    const res = await as('POST', '/lists', { key, name: 'Watchers', ...extra });
    expect(res.status).toBe(201);
    return key;
  };
  const tokenFor = async (recipientId: string): Promise<string> => {
    expect((await as('POST', '/recipients', { id: recipientId })).status).toBe(201);
    const res = await as('POST', `/recipients/${recipientId}/tokens`, {});
    expect(res.status).toBe(201);
    return res.body.data.token as string;
  };

  it('when a list is created, read, updated and deleted, then each answer has the list object', async () => {
    const key = `issue:${Date.now()}.watchers`;
    const created = await as('POST', '/lists', { key, name: 'Issue watchers', description: 'Who watches the issue' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: 'List created',
      data: { key, name: 'Issue watchers', description: 'Who watches the issue', self_service: false, subscriber_count: 0, created_at: expect.stringMatching(TIMESTAMP), updated_at: expect.stringMatching(TIMESTAMP) },
    });
    expect((await as('GET', `/lists/${key}`)).body.data).toMatchObject({ key, name: 'Issue watchers' });
    const patched = await as('PATCH', `/lists/${key}`, { name: 'Watchers', description: null, self_service: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ key, name: 'Watchers', description: null, self_service: true });
    expect((await as('PATCH', `/lists/${key}`, { key: 'other' })).body.code).toBe('immutable_field');
    expect((await as('DELETE', `/lists/${key}`)).body).toEqual({ message: 'List deleted' });
    const gone = await as('GET', `/lists/${key}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('list_not_found');
  });

  it('when a key is taken or breaks the key rules, then 409 or 400', async () => {
    const key = await newList();
    const again = await as('POST', '/lists', { key, name: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('list_exists');
    for (const bad of ['', 'has space', 'k'.repeat(129), 'slash/no', 'é']) {
      const res = await as('POST', '/lists', { key: bad, name: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await as('POST', '/lists', { key: uniqueId('l'), name: '' })).status).toBe(400);
    expect((await as('POST', '/lists', { key: uniqueId('l') })).status).toBe(400);
  });

  it('when lists are paged, then each comes once in key order', async () => {
    const q = await createProject('lists-paging');
    for (const key of ['c', 'a', 'b']) expect((await call('POST', '/lists', { key: q.fullKey, body: { key, name: key } })).status).toBe(201);
    const first = await call('GET', '/lists?limit=2', { key: q.fullKey });
    expect(first.body.data.lists.map((l: { key: string }) => l.key)).toEqual(['a', 'b']);
    const second = await call('GET', `/lists?limit=2&cursor=${first.body.data.next_cursor}`, { key: q.fullKey });
    expect(second.body.data).toMatchObject({ lists: [{ key: 'c' }], next_cursor: null });
    expect((await call('GET', '/lists?cursor=nope', { key: q.fullKey })).status).toBe(400);
  });

  it('when 1,000 ids are subscribed twice, then unknown recipients are created and the second call counts every one as already', async () => {
    const key = await newList();
    const prefix = uniqueId('sub');
    const ids = Array.from({ length: 1000 }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);
    const first = await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ids });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { subscribed: 1000, already: 0, failed: [] } });
    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ids })).body.data).toEqual({ subscribed: 0, already: 1000, failed: [] });
    expect((await as('GET', `/lists/${key}`)).body.data.subscriber_count).toBe(1000);
    expect((await as('GET', `/recipients/${ids[999]}`)).status).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await as('GET', `/lists/${key}/subscriptions?limit=300${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.subscribers.map((s: { recipient_id: string }) => s.recipient_id));
      cursor = page.body.data.next_cursor;
    }
    expect(seen).toEqual(ids);

    const removed = await as('DELETE', `/lists/${key}/subscriptions`, { recipient_ids: [ids[0], ids[1], 'never-subscribed'] });
    expect(removed.body).toEqual({ data: { unsubscribed: 2, already: 1, failed: [] } });
    expect((await as('GET', `/lists/${key}`)).body.data.subscriber_count).toBe(998);
  });

  it('when a call has 1,001 ids, no ids or ids of the wrong type, then 400 and nothing is written', async () => {
    const key = await newList();
    const prefix = uniqueId('many');
    const ids = Array.from({ length: 1001 }, (_, i) => `${prefix}-${i}`);
    for (const body of [{ recipient_ids: ids }, { recipient_ids: [] }, { recipient_ids: [42] }, {}]) {
      const res = await as('PUT', `/lists/${key}/subscriptions`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await as('GET', `/lists/${key}`)).body.data.subscriber_count).toBe(0);
    expect((await as('GET', `/recipients/${prefix}-0`)).status).toBe(404);
  });

  it('when ids break the recipient id rules or repeat, then bad ones come back as batch failure items and repeats count once', async () => {
    const key = await newList();
    const good = uniqueId('good');
    const res = await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: [good, ' padded', good, 'x'.repeat(257)] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ subscribed: 1, already: 0 });
    expect(res.body.data.failed).toEqual([
      { id: ' padded', batch_index: 1, errors: [expect.objectContaining({ property_path: 'recipient_ids[1]', invalid_value: ' padded' })] },
      { id: 'x'.repeat(257), batch_index: 3, errors: [expect.objectContaining({ property_path: 'recipient_ids[3]' })] },
    ]);
  });

  it("when a list is unknown or another project's, then 404 list_not_found everywhere", async () => {
    const key = await newList();
    for (const [method, path, body] of [
      ['GET', `/lists/${key}`, undefined],
      ['PATCH', `/lists/${key}`, { name: 'x' }],
      ['DELETE', `/lists/${key}`, undefined],
      ['PUT', `/lists/${key}/subscriptions`, { recipient_ids: ['a'] }],
      ['DELETE', `/lists/${key}/subscriptions`, { recipient_ids: ['a'] }],
      ['GET', `/lists/${key}/subscriptions`, undefined],
    ] as const) {
      const res = await as(method, path, body, other.fullKey);
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status: 404, code: 'list_not_found' });
    }
    expect((await as('GET', '/lists/no-such-list')).body.code).toBe('list_not_found');
    expect((await as('GET', '/lists', undefined, other.fullKey)).body.data.lists).toEqual([]);
  });

  it('when a recipient token subscribes its recipient, then only self_service lists accept it; another recipient is 403', async () => {
    const open = await newList({ self_service: true });
    const closed = await newList();
    const me = uniqueId('me');
    const token = await tokenFor(me);
    expect((await as('PUT', `/recipients/${me}/lists/${open}`, undefined, token)).body).toEqual({ message: 'Subscribed' });
    const refused = await as('PUT', `/recipients/${me}/lists/${closed}`, undefined, token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('list_not_self_service');
    expect((await as('PUT', `/recipients/${uniqueId('someone')}/lists/${open}`, undefined, token)).status).toBe(403);
    expect((await as('PUT', `/lists/${open}/subscriptions`, { recipient_ids: [me] }, token)).status).toBe(403);

    const mine = await as('GET', `/recipients/${me}/lists`, undefined, token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.lists.map((l: { key: string }) => l.key)).toEqual([open]);
    // A key may subscribe a recipient to any list.
    expect((await as('PUT', `/recipients/${me}/lists/${closed}`)).status).toBe(200);
    expect((await as('DELETE', `/recipients/${me}/lists/${open}`, undefined, token)).body).toEqual({ message: 'Unsubscribed' });
    expect((await as('GET', `/recipients/${me}/lists`, undefined, p.recipientKey)).body.data.lists.map((l: { key: string }) => l.key)).toEqual([closed]);
  });

  it('when a recipient is erased, then their subscriptions go and GET /recipients/{id}/lists answers 404', async () => {
    const key = await newList();
    const gone = uniqueId('gone');
    const stays = uniqueId('stays');
    await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: [gone, stays] });
    expect((await as('DELETE', `/recipients/${gone}`)).status).toBe(200);
    const res = await as('GET', `/recipients/${gone}/lists`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('recipient_not_found');
    expect((await as('GET', `/lists/${key}/subscriptions`)).body.data.subscribers).toEqual([{ recipient_id: stays }]);
    expect((await as('GET', `/lists/${key}`)).body.data.subscriber_count).toBe(1);
  });

  it('when a list is deleted, then its subscriptions go with it and a new list of the same key starts empty', async () => {
    const key = await newList();
    const r = uniqueId('member');
    await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: [r] });
    expect((await as('DELETE', `/lists/${key}`)).status).toBe(200);
    expect((await as('GET', `/recipients/${r}/lists`)).body.data.lists).toEqual([]);
    expect((await as('POST', '/lists', { key, name: 'Again' })).status).toBe(201);
    expect((await as('GET', `/lists/${key}/subscriptions`)).body.data.subscribers).toEqual([]);
  });
});
