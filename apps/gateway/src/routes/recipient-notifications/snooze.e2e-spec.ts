import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const HOUR = 3_600_000;
const inHours = (n: number) => new Date(Date.now() + n * HOUR).toISOString();

describe('snoozing notifications through the gateway', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('snooze');
  });
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.recipientKey, body });

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
  const feedIds = async (rid: string) => (await as('GET', `/recipients/${rid}/notifications`)).body.data.notifications.map((n: { id: number }) => n.id);

  it('when a notification is snoozed, then it leaves the feed and the counts and shows snoozed_until; null brings it back', async () => {
    const rid = uniqueId('snz');
    const ids = await deliver(rid, 2);
    const until = inHours(2);
    const res = await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { snoozed_until: until });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids[0], snoozed_until: until.replace(/\.\d+Z$/, 'Z'), seen: true, archived: false });
    expect(await feedIds(rid)).toEqual([ids[1]]);
    expect(await counts(rid)).toEqual({ unread_count: 1, unseen_count: 1 });
    const back = await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { snoozed_until: null });
    expect(back.status).toBe(200);
    expect(back.body.data.snoozed_until).toBeUndefined();
    expect(await feedIds(rid)).toEqual([ids[1], ids[0]]);
  });

  it('when a bulk update snoozes several, then each result shows its snooze and the feed is empty', async () => {
    const rid = uniqueId('snz-bulk');
    const ids = await deliver(rid, 2);
    const res = await as('PATCH', `/recipients/${rid}/notifications`, { ids, snoozed_until: inHours(1) });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { notification: { snoozed_until?: string } }) => typeof r.notification.snoozed_until)).toEqual(['string', 'string']);
    expect(await feedIds(rid)).toEqual([]);
    expect(await counts(rid)).toEqual({ unread_count: 0, unseen_count: 0 });
  });

  it('when a snooze ends, then a fresh read of the feed has the notification on top, unread, and the pages below it follow its cursor', async () => {
    const rid = uniqueId('snz-wake');
    const ids = await deliver(rid, 3);
    await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { read: true });
    const res = await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { snoozed_until: new Date(Date.now() + 2_000).toISOString() });
    expect(res.status).toBe(200);
    await eventually('the snooze ended', async () => (await feedIds(rid)).length === 3);
    expect(await feedIds(rid)).toEqual([ids[0], ids[2], ids[1]]);
    const top = (await as('GET', `/recipients/${rid}/notifications?limit=1`)).body.data;
    expect(top.notifications).toEqual([expect.objectContaining({ id: ids[0], read: false, seen: false })]);
    const rest = (await as('GET', `/recipients/${rid}/notifications?limit=2&cursor=${top.next_cursor}`)).body.data;
    expect(rest.notifications.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(rest.next_cursor).toBeNull();
    expect(await counts(rid)).toEqual({ unread_count: 3, unseen_count: 3 });
  });

  it.each([
    ['in the past', () => ({ snoozed_until: inHours(-1) }), ''],
    ['more than 90 days ahead', () => ({ snoozed_until: inHours(90 * 24 + 1) }), ''],
    ['not a date-time', () => ({ snoozed_until: 'tomorrow' }), ''],
    ['a date that does not exist', () => ({ snoozed_until: '2030-02-31T09:00:00Z' }), ''],
    ['in the past, in bulk', () => ({ snoozed_until: inHours(-1) }), 'bulk'],
  ])('when snoozed_until is %s, then 400 naming it and nothing changes', async (_name, body, bulk) => {
    const rid = uniqueId('snz-bad');
    const [id] = await deliver(rid, 1);
    const res = bulk ? await as('PATCH', `/recipients/${rid}/notifications`, { ids: [id], ...body() }) : await as('PATCH', `/recipients/${rid}/notifications/${id}`, body());
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('snoozed_until');
    expect(await feedIds(rid)).toEqual([id]);
  });
});
