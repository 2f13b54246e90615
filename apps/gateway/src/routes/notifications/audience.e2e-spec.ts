import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

const target = { channel: 'issues', topic: 'comments', event: 'comment.created' };

describe('sends to recipient ids through the gateway', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('audience');
  });
  const send = (body: unknown) => call('POST', '/notifications/send', { key: p.fullKey, body });
  const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

  it.each([
    { what: '1,001 distinct ids', body: () => ({ recipient_ids: ids(1001, uniqueId('many')), target, payload: {} }), code: 'validation_failed' },
    { what: 'both list and recipient_id', body: () => ({ recipient_id: 'someone', list: 'watchers', target, payload: {} }), code: 'audience_conflict' },
    { what: 'both list and recipient_ids', body: () => ({ recipient_ids: ['a'], list: 'watchers', target, payload: {} }), code: 'audience_conflict' },
    { what: 'recipient_ids and recipient_id', body: () => ({ recipient_id: 'someone', recipient_ids: ['a'], target, payload: {} }), code: 'audience_conflict' },
    { what: '101 excluded ids', body: () => ({ recipient_ids: ['a'], exclude_recipient_ids: ids(101, 'x'), target, payload: {} }), code: 'validation_failed' },
    { what: 'an empty recipient_ids', body: () => ({ recipient_ids: [], target, payload: {} }), code: 'validation_failed' },
    { what: 'neither recipient_id, recipient_ids nor list', body: () => ({ exclude_recipient_ids: ['a'], target, payload: {} }), code: 'validation_failed' },
    { what: 'recipient ids without a target', body: () => ({ recipient_ids: ['a'], payload: {} }), code: 'validation_failed' },
  ])('when the send has $what, then 400 $code and nothing is written', async ({ body, code }) => {
    const b = body();
    const res = await send(b);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), code });
    const first = (b as { recipient_ids?: string[] }).recipient_ids?.[0];
    if (first) expect((await call('GET', `/recipients/${encodeURIComponent(first)}`, { key: p.fullKey })).status).toBe(404);
  });

  it('when ids repeat and one is excluded, then each other id gets one notification, the excluded one none, and GET /broadcasts/{id} shows the audience and progress', async () => {
    const run = uniqueId('aud');
    const [actor, a, b, c] = ['actor', 'a', 'b', 'c'].map((x) => `${run}-${x}`);
    const res = await send({ recipient_ids: [a, b, c, a, actor, b], exclude_recipient_ids: [actor], target, payload: { title: 'New comment' } });
    expect(res.status).toBe(201);
    expect(res.body.data.notification).toBeNull();
    expect(res.body.data.broadcast).toMatchObject({ target, status: 'enqueued', audience: { recipient_ids: 3, excluded: 1 } });
    expect(res.body.data).not.toHaveProperty('failed');
    const id = res.body.data.broadcast.id;
    const done = await eventually('the send completed', async () => {
      const r = await call('GET', `/broadcasts/${id}`, { key: p.fullKey });
      return r.body.data?.status === 'completed' ? r.body.data : undefined;
    });
    expect(done).toMatchObject({ recipients_total: 3, notifications_created: 3, audience: { recipient_ids: 3, excluded: 1 } });
    for (const r of [a, b, c]) {
      const feed = await call('GET', `/recipients/${r}/notifications`, { key: p.recipientKey });
      expect(feed.body.data.notifications).toEqual([expect.objectContaining({ broadcast_id: id, payload: { title: 'New comment' } })]);
    }
    expect((await call('GET', `/recipients/${actor}/notifications`, { key: p.recipientKey })).status).toBe(404);
  });

  it('when some ids fail the recipient id rules, then the others are sent and the failures come back as batch failure items', async () => {
    const good = uniqueId('good');
    const res = await send({ recipient_ids: [good, ' padded'], target, payload: {} });
    expect(res.status).toBe(201);
    expect(res.body.data.failed).toEqual([{ id: ' padded', batch_index: 1, errors: [expect.objectContaining({ property_path: 'recipient_id' })] }]);
    expect(res.body.data.broadcast.audience).toEqual({ recipient_ids: 1, excluded: 0 });
  });

  it('when the Idempotency-Key repeats, then the same send answers; with other recipient ids, 409', async () => {
    const key = uniqueId('idem');
    const body = { recipient_ids: [uniqueId('i1'), uniqueId('i2')], target, payload: {} };
    const headers = { 'idempotency-key': key };
    const first = await call('POST', '/notifications/send', { key: p.fullKey, body, headers });
    const again = await call('POST', '/notifications/send', { key: p.fullKey, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.broadcast).toMatchObject({ id: first.body.data.broadcast.id, audience: { recipient_ids: 2, excluded: 0 } });
    const other = await call('POST', '/notifications/send', { key: p.fullKey, body: { ...body, recipient_ids: [uniqueId('i3')] }, headers });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
  });

  it('when a plain broadcast is read, then it carries no audience', async () => {
    const res = await send({ recipient_id: null, target, payload: {} });
    expect(res.status).toBe(201);
    expect(res.body.data.broadcast).not.toHaveProperty('audience');
  });

  it('when a send names a list, then each subscriber but the excluded one gets one notification, and GET /broadcasts/{id} says the list', async () => {
    const run = uniqueId('lst');
    const key = `${run}-watchers`;
    const [actor, a, b] = ['actor', 'a', 'b'].map((x) => `${run}-${x}`);
    expect((await call('POST', '/lists', { key: p.fullKey, body: { key, name: 'Watchers' } })).status).toBe(201);
    expect((await call('PUT', `/lists/${key}/subscriptions`, { key: p.fullKey, body: { recipient_ids: [actor, a, b] } })).status).toBe(200);
    const res = await send({ list: key, exclude_recipient_ids: [actor], target, payload: { title: 'Issue closed' } });
    expect(res.status).toBe(201);
    expect(res.body.data.broadcast.audience).toMatchObject({ list: key, excluded: 1 });
    const id = res.body.data.broadcast.id;
    const done = await eventually('the list send completed', async () => {
      const r = await call('GET', `/broadcasts/${id}`, { key: p.fullKey });
      return r.body.data?.status === 'completed' ? r.body.data : undefined;
    });
    expect(done).toMatchObject({ notifications_created: 2, audience: { list: key } });
    for (const r of [a, b]) {
      const feed = await call('GET', `/recipients/${r}/notifications`, { key: p.recipientKey });
      expect(feed.body.data.notifications).toEqual([expect.objectContaining({ broadcast_id: id, payload: { title: 'Issue closed' } })]);
    }
    const actorFeed = await call('GET', `/recipients/${actor}/notifications`, { key: p.recipientKey });
    expect(actorFeed.body.data.notifications).toEqual([]);
  });

  it('when a send names a list the project does not have, then 404 list_not_found and nothing is written', async () => {
    const res = await send({ list: uniqueId('nolist'), target, payload: {} });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('list_not_found');
  });
});
