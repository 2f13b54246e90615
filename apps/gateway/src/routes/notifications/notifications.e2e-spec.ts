import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, TIMESTAMP, type TestProject } from '../../testing/rest-client';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

const poll = <T>(read: () => Promise<T | undefined>): Promise<T> => eventually('feed condition', read) as Promise<T>;

describe('sends and the feed through the gateway', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('sends');
  });
  const as = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(method, path, { key: p.fullKey, body, headers });

  it('when a direct send is accepted, then 201 enqueued, the recipient exists, and the notification reaches the feed', async () => {
    const rid = uniqueId('send');
    const res = await as('POST', '/notifications/send', { recipient_id: rid, target, payload: { title: 'Shipped' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.data.broadcast).toBeNull();
    const n = res.body.data.notification;
    expect(n).toMatchObject({ recipient_id: rid, payload: { title: 'Shipped' }, broadcast_id: null, target, read: false, opened: false, status: 'enqueued', email: { status: 'not_requested' } });
    expect(n.created_at).toMatch(TIMESTAMP);
    expect((await as('GET', `/recipients/${rid}`)).status).toBe(200);
    const delivered = await poll(async () => {
      const r = await as('GET', `/notifications/${n.id}`);
      return r.body.data?.status === 'delivered' ? r.body.data : undefined;
    });
    expect(delivered.id).toBe(n.id);
    const feed = await call('GET', `/recipients/${rid}/notifications`, { key: p.recipientKey });
    expect(feed.status).toBe(200);
    expect(feed.body.data).toEqual({ notifications: [expect.objectContaining({ id: n.id, status: 'delivered' })], next_cursor: null });
    expect((await as('GET', `/recipients/${rid}/notifications/unread_count`)).body).toEqual({ data: { unread_count: 1 } });
    const patched = await as('PATCH', `/recipients/${rid}/notifications/${n.id}`, { read: true, opened: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ read: true, opened: true });
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_read`)).body.data).toEqual({ updated: 0 });
  });

  it.each([
    { what: 'recipient_id is absent', body: { payload: {} }, code: 'validation_failed' },
    { what: 'neither payload nor email', body: { recipient_id: 'x' }, code: 'no_medium' },
    { what: 'email on a broadcast', body: { recipient_id: null, target, payload: {}, email: { subject: 's', html: 'h' } }, code: 'broadcast_email_not_allowed' },
    { what: 'payload is an array', body: { recipient_id: 'x', payload: [1] }, code: 'validation_failed' },
    { what: 'the subject is empty', body: { recipient_id: 'x', email: { subject: '', html: 'h' } }, code: 'validation_failed' },
  ])('when $what, then 400 $code in the message family', async ({ body, code }) => {
    const res = await as('POST', '/notifications/send', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), code });
  });

  it('when the Idempotency-Key repeats, then the first response comes back; with another body, 409', async () => {
    const key = uniqueId('idem');
    const body = { recipient_id: uniqueId('idem'), payload: { a: 1 } };
    const first = await as('POST', '/notifications/send', body, { 'idempotency-key': key });
    const again = await as('POST', '/notifications/send', body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body.data.notification.id).toBe(first.body.data.notification.id);
    const other = await as('POST', '/notifications/send', { ...body, payload: { a: 2 } }, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
  });

  it('when a broadcast is sent, then GET /broadcasts/{id} reaches completed with one notification per recipient', async () => {
    const q = await createProject('broadcast');
    for (const id of ['b1', 'b2', 'b3']) expect((await call('POST', '/recipients', { key: q.fullKey, body: { id } })).status).toBe(201);
    const res = await call('POST', '/notifications/send', { key: q.fullKey, body: { recipient_id: null, target, payload: { x: 1 } } });
    expect(res.status).toBe(201);
    expect(res.body.data.notification).toBeNull();
    expect(res.body.data.broadcast).toMatchObject({ target, payload: { x: 1 }, status: 'enqueued', email: null });
    const b = await poll(async () => {
      const r = await call('GET', `/broadcasts/${res.body.data.broadcast.id}`, { key: q.fullKey });
      return r.body.data?.status === 'completed' ? r.body.data : undefined;
    });
    expect(b).toMatchObject({ recipients_total: 3, notifications_created: 3 });
  });

  it('when ids or recipients are unknown, then 404 with the fixed messages', async () => {
    expect((await as('GET', '/notifications/999999999')).body).toEqual({ message: 'Notification not found', code: 'notification_not_found' });
    expect((await as('GET', '/notifications/abc')).status).toBe(404);
    expect((await as('GET', '/broadcasts/999999999')).body).toEqual({ message: 'Broadcast not found', code: 'broadcast_not_found' });
    expect((await as('GET', `/recipients/${uniqueId('ghost')}/notifications`)).body).toEqual({ message: 'Recipient not found', code: 'recipient_not_found' });
  });
});
