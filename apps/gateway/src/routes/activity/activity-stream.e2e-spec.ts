import { eventually } from '@herald/testing';
import { adminToken, baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { startGatewayReplica } from '../../testing/gateway-replica';
import { openStream, type SseEvent, type SseStream } from '../../testing/sse-client';

jest.setTimeout(60_000);

/** GET /notifications/stream: the project's new outcomes, live, under the filters an event can be matched on. */
describe('activity stream: the project\'s outcomes as they happen', () => {
  let p: TestProject;
  let alice: string;
  let bob: string;
  const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };
  const streams: SseStream[] = [];

  const open = async (query = '', headers: Record<string, string> = { authorization: `Bearer ${p.fullKey}` }, gateway = baseUrl()) => {
    const s = await openStream(`${gateway}/notifications/stream${query}`, headers);
    streams.push(s);
    return s;
  };
  const send = async (recipient_id: string, extra: object = {}) => {
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id, target, payload: { title: 'hi' }, ...extra } });
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  };
  const of = (id: number, type?: string) => (e: SseEvent) => e.event === 'outcome' && e.data.notification.id === id && (type === undefined || e.data.type === type);

  beforeAll(async () => {
    p = await createProject('activity-stream');
    alice = uniqueId('alice');
    bob = uniqueId('bob');
    for (const id of [alice, bob]) expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
  });
  // Each test closes its streams: a project holds a few at most.
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await eventually('the streams closed on the gateway', async () => ((await open()).status === 200 ? true : undefined));
    for (const s of streams.splice(0)) s.close();
  });

  it('when a notification is sent, then its outcomes arrive: the notification\'s and its email\'s, each with the notification after it and no payload', async () => {
    const s = await open();
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const id = await send(alice, { email: { subject: 'Hi', html: '<p>hi</p>' } });
    const delivered = await s.next(of(id, 'notification.delivered'));
    expect(delivered.data.notification).toMatchObject({ id, recipient_id: alice, status: 'delivered', target, payload: null });
    expect(Number(delivered.id)).toBeGreaterThan(0);
    // The recipient has no address: the email's outcome is a skip.
    const email = await s.next(of(id, 'email.skipped'));
    expect(email.data.notification.email.status).toBe('skipped');
    expect(Number(email.id)).toBeGreaterThan(Number(delivered.id));
  });

  it('when filters are given, then only the outcomes they match arrive', async () => {
    const all = await open();
    const onlyAlice = await open(`?recipient_id=${encodeURIComponent(alice)}`);
    const emailSkipped = await open('?medium=email&outcome=skipped');
    const otherChannel = await open('?channel=marketing');
    const toBob = await send(bob);
    const toAlice = await send(alice, { email: { subject: 'Hi', html: '<p>hi</p>' } });
    const bobSeq = Number((await all.next(of(toBob, 'notification.delivered'))).id);
    await all.next(of(toAlice, 'email.skipped'));
    // Events come in the outcome stream's order, but two sends may be decided in either order. A send
    // made once Bob's outcome was seen comes after it: a stream that has its outcome has passed Bob's
    // position, where Bob's event would have come.
    const marker = await send(alice);
    const markerSeq = Number((await onlyAlice.next(of(marker, 'notification.delivered'))).id);
    expect(markerSeq).toBeGreaterThan(bobSeq);
    await onlyAlice.next(of(toAlice, 'email.skipped'));
    expect(onlyAlice.events.every((e) => e.data.notification.recipient_id === alice)).toBe(true);
    await emailSkipped.next(of(toAlice, 'email.skipped'));
    expect(emailSkipped.events.every((e) => e.data.notification.email.status === 'skipped')).toBe(true);
    expect(emailSkipped.events.some((e) => e.data.notification.id === toBob)).toBe(false);
    // A stream on another channel gets none of them (an outcome of its own arrives after them, in order).
    const marketing = await send(alice, { target: { ...target, channel: 'marketing' } });
    await otherChannel.next(of(marketing, 'notification.delivered'));
    expect(otherChannel.events.filter((e) => e.event === 'outcome').every((e) => e.data.notification.target.channel === 'marketing')).toBe(true);
    expect(Number((await all.next(of(marketing, 'notification.delivered'))).id)).toBeGreaterThan(bobSeq);
  });

  it.each([
    ['status', '?status=delivered', 'status'],
    ['since', '?since=2026-01-01T00:00:00Z', 'since'],
    ['a page cursor', '?cursor=1_1', 'cursor'],
    ['a medium without its outcome', '?medium=email', 'outcome'],
    ['an unknown medium', '?medium=fax&outcome=sent', 'medium'],
    ['a malformed broadcast id', '?broadcast_id=x', 'broadcast_id'],
  ])('when the query has %s, then 400 naming it, and no stream', async (_label, query, field) => {
    const s = await open(query);
    expect(s.status).toBe(400);
    expect(s.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: field })] });
  });

  it('when a Recipient key or no credential asks, then 403 or 401', async () => {
    expect((await open('', { authorization: `Bearer ${p.recipientKey}` })).status).toBe(403);
    expect((await open('', {})).status).toBe(401);
  });

  it('when the key that opened it is revoked, then the stream ends', async () => {
    const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'full' } });
    expect(created.status).toBe(201);
    const { id: keyId, key } = created.body.data as { id: number; key: string };
    const s = await open('', { authorization: `Bearer ${key}` });
    expect(s.status).toBe(200);
    expect((await call('DELETE', `/admin/projects/${p.id}/keys/${keyId}`, { key: adminToken() })).status).toBe(200);
    await s.ended;
    expect((await open('', { authorization: `Bearer ${key}` })).status).toBe(401);
  });

  it('when opened with a console session, then signing out ends it', async () => {
    const signIn = await call('POST', '/console/session', { body: { key: p.fullKey }, headers: { origin: baseUrl() } });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    const s = await open('', { cookie });
    expect(s.status).toBe(200);
    expect((await call('DELETE', '/console/session', { headers: { cookie, origin: baseUrl() } })).status).toBe(204);
    await s.ended;
    expect((await open('', { cookie })).status).toBe(401);
  });

  it('when a console session signs out on one gateway replica, then its stream held by another replica ends at once', async () => {
    const replica = await startGatewayReplica();
    try {
      const signIn = await call('POST', '/console/session', { body: { key: p.fullKey }, headers: { origin: baseUrl() } });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
      const s = await open('', { cookie }, replica.baseUrl);
      expect(s.status).toBe(200);
      expect((await call('DELETE', '/console/session', { headers: { cookie, origin: baseUrl() } })).status).toBe(204);
      // The session lives 15 minutes more without the announcement: the stream would outlast the test.
      await s.ended;
    } finally {
      await replica.close();
    }
  });

  it('when a project holds as many activity streams as allowed, then the next is 429 too_many_streams', async () => {
    // STREAM_MAX_ACTIVITY_PER_PROJECT's default (the project's other streams are closed after each test).
    for (let i = 0; i < 5; i++) expect((await open()).status).toBe(200);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringContaining('at most 5'), code: 'too_many_streams' });
    expect(refused.headers.get('retry-after')).toBe('5');
  });
});
