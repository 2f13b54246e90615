import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

describe('seen and archived notifications through the gateway', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('states');
  });
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.recipientKey, body });

  /** Sends n notifications to the recipient and waits until all are in its feed; returns their ids, oldest first. */
  async function deliver(rid: string, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const sent = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: rid, target, payload: { title: `n${i}` } } });
      if (sent.status !== 201) throw new Error(`send answered ${sent.status} ${JSON.stringify(sent.body)}`);
      ids.push(sent.body.data.notification.id);
    }
    await eventually('every notification in the feed', async () => (await as('GET', `/recipients/${rid}/notifications`)).body.data?.notifications.length === n);
    return ids;
  }
  const counts = async (rid: string) => (await as('GET', `/recipients/${rid}/notifications/counts`)).body.data;
  const feedIds = async (rid: string, query = '') => (await as('GET', `/recipients/${rid}/notifications${query}`)).body.data.notifications.map((n: { id: number }) => n.id);

  it('when the panel marks all seen, then the unseen count is 0 and every notification stays unread', async () => {
    const rid = uniqueId('seen');
    const ids = await deliver(rid, 2);
    expect(await counts(rid)).toEqual({ unread_count: 2, unseen_count: 2 });
    const one = await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { seen: true });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: ids[0], seen: true, read: false, archived: false });
    expect(await counts(rid)).toEqual({ unread_count: 2, unseen_count: 1 });
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_seen`)).body).toEqual({ message: 'Notifications marked seen', data: { updated: 1 } });
    expect(await counts(rid)).toEqual({ unread_count: 2, unseen_count: 0 });
    expect((await as('GET', `/recipients/${rid}/notifications/unread_count`)).body).toEqual({ data: { unread_count: 2 } });
  });

  it('when a notification is archived, then it leaves the feed and the counts, ?archived=true lists it, and unarchiving brings it back', async () => {
    const rid = uniqueId('arch');
    const ids = await deliver(rid, 3);
    const archived = await as('PATCH', `/recipients/${rid}/notifications/${ids[1]}`, { archived: true });
    expect(archived.body.data).toMatchObject({ archived: true, seen: true });
    expect(await feedIds(rid)).toEqual([ids[2], ids[0]]);
    expect(await feedIds(rid, '?archived=true')).toEqual([ids[1]]);
    expect(await feedIds(rid, '?archived=false')).toEqual([ids[2], ids[0]]);
    expect(await counts(rid)).toEqual({ unread_count: 2, unseen_count: 2 });
    await as('PATCH', `/recipients/${rid}/notifications/${ids[1]}`, { archived: false });
    expect(await feedIds(rid)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('when the read notifications are archived all at once, then only the unread ones stay in the feed', async () => {
    const rid = uniqueId('archall');
    const ids = await deliver(rid, 3);
    await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { read: true });
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_archived?read=true`)).body).toEqual({ message: 'Notifications archived', data: { updated: 1 } });
    expect(await feedIds(rid)).toEqual([ids[2], ids[1]]);
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_archived`)).body.data).toEqual({ updated: 2 });
    expect(await feedIds(rid)).toEqual([]);
    expect(await feedIds(rid, '?archived=true')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await counts(rid)).toEqual({ unread_count: 0, unseen_count: 0 });
  });

  it('when a bulk update names notifications of this recipient and of another, then the others change and that one fails alone, saying nothing about it', async () => {
    const rid = uniqueId('bulk');
    const other = uniqueId('bulk-other');
    const mine = await deliver(rid, 2);
    const [theirs] = await deliver(other, 1);
    const res = await as('PATCH', `/recipients/${rid}/notifications`, { ids: [mine[0], theirs, mine[1]], read: true, archived: true });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: mine[0], notification: expect.objectContaining({ read: true, archived: true, seen: true }), error: null },
      { id: theirs, notification: null, error: { code: 'notification_not_found', message: 'Notification not found' } },
      { id: mine[1], notification: expect.objectContaining({ read: true, archived: true }), error: null },
    ]);
    const unknown = (await as('PATCH', `/recipients/${rid}/notifications`, { ids: [theirs + 1_000_000], read: true })).body.data.results[0];
    expect(unknown.error).toEqual(res.body.data.results[1].error);
    expect((await call('GET', `/notifications/${theirs}`, { key: p.fullKey })).body.data).toMatchObject({ read: false, archived: false });
    expect(await feedIds(rid)).toEqual([]);
  });

  it.each([
    ['bulk of 101 ids', 'PATCH', '', () => ({ ids: Array.from({ length: 101 }, (_, i) => i + 1), archived: true })],
    ['bulk of no ids', 'PATCH', '', () => ({ ids: [], read: true })],
    ['bulk with no flag', 'PATCH', '', () => ({ ids: [1] })],
    ['bulk with a non-boolean flag', 'PATCH', '', () => ({ ids: [1], seen: 'yes' })],
    ['bulk with an id past the largest safe integer', 'PATCH', '', () => ({ ids: [1, 17666513359006366502536347648], seen: false })],
    ['one notification with a non-boolean archived', 'PATCH', '/1', () => ({ archived: 'yes' })],
    ['a feed filter that is not true or false', 'GET', '?archived=maybe', () => undefined],
    ['archive-all with a read filter that is not true or false', 'POST', '/mark_all_archived?read=yes', () => undefined],
  ])('when the request is %s, then 400 and nothing changes', async (_name, method, suffix, body) => {
    const rid = uniqueId('bad');
    const [id] = await deliver(rid, 1);
    const res = await as(method, `/recipients/${rid}/notifications${suffix}`, body());
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await call('GET', `/notifications/${id}`, { key: p.fullKey })).body.data).toMatchObject({ read: false, seen: false, archived: false });
  });

  it('when the bulk of 101 ids names this recipient\'s notification, then nothing changes', async () => {
    const rid = uniqueId('bulk101');
    const [id] = await deliver(rid, 1);
    const ids = [id, ...Array.from({ length: 100 }, (_, i) => id + i + 1)];
    expect((await as('PATCH', `/recipients/${rid}/notifications`, { ids, archived: true })).status).toBe(400);
    expect(await feedIds(rid)).toEqual([id]);
  });
});
