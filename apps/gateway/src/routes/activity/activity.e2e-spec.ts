import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

/** GET /notifications: the project's activity, newest first, under indexed filters only. */
describe('activity: the project\'s notifications', () => {
  let p: TestProject;
  let other: TestProject;
  let alice: string;
  let bob: string;
  const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };
  const as = (path: string, key = p.fullKey) => call('GET', path, { key });
  const ids = (res: JsonBody): number[] => res.body.data.notifications.map((n: JsonBody) => n.id);
  const sent: number[] = [];

  beforeAll(async () => {
    p = await createProject('activity');
    other = await createProject('activity-other');
    alice = uniqueId('alice');
    bob = uniqueId('bob');
    for (const id of [alice, bob]) expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    for (const [recipient_id, email] of [[alice, undefined], [bob, undefined], [alice, { subject: 'Hi', html: '<p>hi</p>' }]] as const) {
      const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id, target, payload: { n: sent.length }, email } });
      expect(res.status).toBe(201);
      sent.push(res.body.data.notification.id);
    }
    // Sends are written by the workers: wait until the log holds the three.
    await eventually('the three sends are written', async () => ((await as('/notifications')).body.data.notifications.length === 3 ? true : undefined));
  });

  it('when no filter is given, then every notification of the project, newest first', async () => {
    const res = await as('/notifications');
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([...sent].reverse());
    expect(res.body.data.next_cursor).toBeNull();
  });

  it('when pages are walked with the cursor, then each notification comes once, in order', async () => {
    const first = await as('/notifications?limit=2');
    expect(ids(first)).toEqual([sent[2], sent[1]]);
    const second = await as(`/notifications?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(ids(second)).toEqual([sent[0]]);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it.each([
    ['recipient_id', () => `recipient_id=${alice}`, () => [sent[2], sent[0]]],
    ['recipient_id + status', () => `recipient_id=${bob}&status=delivered`, () => [sent[1]]],
    ['status', () => 'status=delivered', () => [...sent].reverse()],
    ['channel + topic + event', () => 'channel=billing&topic=invoices&event=invoice.paid', () => [...sent].reverse()],
    ['channel', () => 'channel=other', () => []],
    ['medium + outcome', () => 'medium=email&outcome=not_requested', () => [sent[1], sent[0]]],
    ['since in the future', () => `since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, () => []],
    ['until in the future', () => `until=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, () => [...sent].reverse()],
  ])('when filtered by %s, then only the matching notifications', async (_label, query, expected) => {
    const res = await as(`/notifications?${query()}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected());
  });

  it.each([
    ['a topic without its channel', 'topic=invoices'],
    ['a status with a channel', 'status=delivered&channel=billing'],
    ['a recipient with an outcome', 'recipient_id=x&medium=email&outcome=failed'],
  ])('when the combination is %s, then 400 filter_not_indexed', async (_label, query) => {
    const res = await as(`/notifications?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining('No index serves'), code: 'filter_not_indexed' });
  });

  it.each([
    ['a medium without an outcome', 'medium=email', 'outcome'],
    ['an unknown medium', 'medium=fax&outcome=failed', 'medium'],
    ['a malformed cursor', 'cursor=abc', 'cursor'],
    ['a malformed broadcast id', 'broadcast_id=t-alpha', 'broadcast_id'],
    ['a malformed time', 'since=yesterday', 'since'],
    ['a time range ending before it starts', 'since=2026-03-02T10:00:00Z&until=2026-03-02T09:00:00Z', 'until'],
  ])('when it has %s, then 400 naming the field', async (_label, query, field) => {
    const res = await as(`/notifications?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: field })] });
  });

  it('when another project reads the log, then none of these notifications', async () => {
    const res = await as('/notifications', other.fullKey);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([]);
  });

  it('when a Recipient key reads the log, then 403', async () => {
    expect((await as('/notifications', p.recipientKey)).status).toBe(403);
  });
});
