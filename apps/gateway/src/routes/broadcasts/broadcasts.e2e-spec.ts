import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

/** `GET /broadcasts`: the project's sends to many, newest first, paged by cursor, with their progress; its refusals; another project's none. */
describe('GET /broadcasts', () => {
  let p: TestProject;
  const target = { channel: 'news', topic: 'weekly', event: 'digest' };
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });
  const ids: number[] = [];

  beforeAll(async () => {
    p = await createProject('broadcast-history', { rate_limit_per_second: null });
    const list = uniqueId('readers').toLowerCase();
    expect((await as('POST', '/lists', { key: list, name: 'Readers' })).status).toBe(201);
    expect((await as('PUT', `/lists/${list}/subscriptions`, { recipient_ids: ['ann', 'ben'] })).status).toBe(200);
    for (const audience of [{ list }, { recipient_ids: ['ann', 'cy', 'dee'] }, { recipient_id: null, send_at: new Date(Date.now() + 3_600_000).toISOString() }]) {
      const res = await as('POST', '/notifications/send', { ...audience, target, payload: { title: 'Weekly' } });
      expect(res.status).toBe(201);
      ids.push(res.body.data.broadcast.id);
    }
  });

  it('when the history is paged, then each broadcast comes once, newest first, with its audience and progress', async () => {
    const first = await as('GET', '/broadcasts?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.broadcasts.map((b: { id: number }) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.data.broadcasts[0]).toMatchObject({ status: 'scheduled', recipients_total: 0, notifications_created: 0 });
    expect(first.body.data.next_cursor).toBe(String(ids[1]));
    const second = await as('GET', `/broadcasts?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data).toEqual({ broadcasts: [expect.objectContaining({ id: ids[0], audience: expect.objectContaining({ list: expect.any(String) }) })], next_cursor: null });

    const done = await eventually('both sends have finished', async () => {
      const page = (await as('GET', '/broadcasts')).body.data.broadcasts as { id: number; status: string }[];
      return page.filter((b) => b.status === 'completed').length === 2 ? page : undefined;
    });
    expect(done).toEqual([
      expect.objectContaining({ id: ids[2], status: 'scheduled' }),
      expect.objectContaining({ id: ids[1], recipients_total: 3, notifications_created: 3, audience: { recipient_ids: 3, excluded: 0 } }),
      expect.objectContaining({ id: ids[0], recipients_total: 2, notifications_created: 2 }),
    ]);
  });

  it('when another project asks, then it sees none of these', async () => {
    const other = await createProject('broadcast-history-other');
    const res = await call('GET', '/broadcasts', { key: other.fullKey });
    expect(res.body.data).toEqual({ broadcasts: [], next_cursor: null });
  });

  it.each([
    ['a malformed cursor', 'cursor=abc', 'cursor'],
    ['a zero cursor', 'cursor=0', 'cursor'],
    ['a zero limit', 'limit=0', 'limit'],
    ['a limit over 100', 'limit=101', 'limit'],
  ])('when it has %s, then 400 validation_failed naming it', async (_what, q, field) => {
    const res = await as('GET', `/broadcasts?${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: field })] });
  });

  it('when a Recipient key asks, then 403', async () => {
    expect((await call('GET', '/broadcasts', { key: p.recipientKey })).status).toBe(403);
  });
});
