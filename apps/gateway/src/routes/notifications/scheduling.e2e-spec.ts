import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, TIMESTAMP, type TestProject } from '../../testing/rest-client';

/**
 * Time-aware delivery through the REST surface: scheduled sends and their cancel,
 * escalation emails (`delay_seconds`, `unless`), catalog digests and throttles, and their bad
 * input. Every wait is on a condition; the durations below are the features' own (a send due in
 * a few seconds, a delay of a few seconds), never a bound on how fast the stack is.
 */
const mailApi = process.env.MAIL_API_URL;
const withMail = mailApi ? it : it.skip;

interface SinkMessage {
  id: number;
  to: string[];
  subject: string;
  html?: string | null;
}

async function poll<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 45_000): Promise<T> {
  return (await eventually(what, read, { timeoutMs })) as T;
}

const mailsTo = async (address: string): Promise<SinkMessage[]> => ((await (await fetch(`${mailApi}/messages`)).json()) as SinkMessage[]).filter((m) => m.to.includes(address));
const paths = (res: { body: { errors?: { property_path: string }[] } }) => (res.body.errors ?? []).map((e) => e.property_path);
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('time-aware delivery through the gateway', () => {
  let p: TestProject;
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body });
  const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
  const comments = { channel: 'social', topic: 'posts', event: 'commented' };
  const alerts = { channel: 'ops', topic: 'alerts', event: 'fired' };

  beforeAll(async () => {
    p = await createProject('scheduling');
    const entries = [
      { ...target, medium: 'email', name: 'Shipping mails', default_enabled: true },
      { ...comments, medium: 'email', name: 'Comment digest', default_enabled: true, digest: { window_seconds: 3600, max_items: 2, subject: '{count} new comments' } },
      { ...alerts, medium: 'in_app', name: 'Alerts', default_enabled: true, throttle: { max: 1, window_seconds: 3600 } },
    ];
    const res = await as('PUT', '/preferences', entries);
    expect(res.status).toBe(200);
  });

  /** A recipient with a primary email contact; returns its id and address. */
  async function recipient() {
    const id = uniqueId('sched');
    const address = `${id}@inbox.example`;
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    expect((await as('POST', `/recipients/${id}/contacts`, { medium: 'email', address, is_primary: true })).status).toBe(201);
    return { id, address };
  }
  const notification = async (id: number) => (await as('GET', `/notifications/${id}`)).body.data;
  const until = (id: number, done: (n: { status: string; email: { status: string } }) => boolean, what: string) =>
    poll(async () => {
      const n = await notification(id);
      return n && done(n) ? n : undefined;
    }, what);

  it('when a direct send has a future send_at, then 201 scheduled with send_at, and when due it is delivered and mailed; a cancel then is 409 not_cancelable', async () => {
    const r = await recipient();
    const sendAt = inSeconds(3);
    const res = await as('POST', '/notifications/send', { recipient_id: r.id, target, payload: { title: 'Later' }, email: { subject: 'Later', html: '<p>Later</p>' }, send_at: sendAt });
    expect(res.status).toBe(201);
    const n = res.body.data.notification;
    expect(n).toMatchObject({ status: 'scheduled', recipient_id: r.id, email: { status: 'pending' } });
    expect(n.send_at).toMatch(TIMESTAMP);
    expect(Math.abs(Date.parse(n.send_at) - Date.parse(sendAt))).toBeLessThan(1000);
    expect((await notification(n.id)).status).toMatch(/^(scheduled|delivered)$/);
    const delivered = await until(n.id, (x) => x.status === 'delivered' && x.email.status === 'sent', 'scheduled send delivered and mailed');
    expect(delivered.send_at).toBe(n.send_at);
    // Not before its time (the store's clock and this one are the same machine's).
    expect(Date.parse(delivered.email.sent_at)).toBeGreaterThanOrEqual(Date.parse(n.send_at));
    expect(await mailsTo(r.address)).toHaveLength(1);
    const late = await as('POST', `/notifications/${n.id}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'not_cancelable', message: expect.any(String) });
  });

  it('when a scheduled send is canceled, then 200 canceled, it stays canceled past its time, and nothing is delivered or mailed; a repeat answers the same', async () => {
    const r = await recipient();
    const res = await as('POST', '/notifications/send', { recipient_id: r.id, target, payload: { title: 'Never' }, email: { subject: 'Never', html: '<p>Never</p>' }, send_at: inSeconds(5) });
    expect(res.status).toBe(201);
    const id = res.body.data.notification.id as number;
    const canceled = await as('POST', `/notifications/${id}/cancel`);
    // The cancel raced a 5 s due time: it wins (200 canceled) or, on a stalled machine, the send had started (409); never both.
    if (canceled.status === 409) {
      expect(canceled.body.code).toBe('not_cancelable');
      return;
    }
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ message: expect.any(String), data: { id, status: 'canceled', email: { status: 'skipped', reason: 'canceled' } } });
    expect((await as('POST', `/notifications/${id}/cancel`)).body.data).toMatchObject({ id, status: 'canceled' });
    // Past its time, still canceled: another send scheduled after it has fired by then.
    const marker = await as('POST', '/notifications/send', { recipient_id: r.id, target, payload: { title: 'After' }, send_at: inSeconds(6) });
    await until(marker.body.data.notification.id, (x) => x.status === 'delivered', 'a later scheduled send delivered');
    expect(await notification(id)).toMatchObject({ status: 'canceled' });
    const feed = await call('GET', `/recipients/${r.id}/notifications`, { key: p.fullKey });
    expect(feed.body.data.notifications.map((x: { id: number }) => x.id)).not.toContain(id);
    expect(await mailsTo(r.address)).toHaveLength(0);
  });

  it('when a scheduled broadcast is canceled, then 200 canceled; unknown or malformed ids are 404', async () => {
    const res = await as('POST', '/notifications/send', { recipient_id: null, target, payload: { title: 'All' }, send_at: inSeconds(3600) });
    expect(res.status).toBe(201);
    const b = res.body.data.broadcast;
    expect(b).toMatchObject({ status: 'scheduled', send_at: expect.stringMatching(TIMESTAMP) });
    const canceled = await as('POST', `/broadcasts/${b.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ id: b.id, status: 'canceled' });
    expect((await as('GET', `/broadcasts/${b.id}`)).body.data).toMatchObject({ status: 'canceled' });
    for (const path of ['/notifications/999999999999/cancel', '/notifications/abc/cancel', '/broadcasts/999999999999/cancel', '/digests/999999999999']) {
      const missing = await as(path.startsWith('/digests') ? 'GET' : 'POST', path);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
      expect(missing.body).toMatchObject({ code: expect.stringMatching(/_not_found$/) });
    }
  });

  withMail('when an escalation email waits for the in-app to stay unread, then it is skipped read_in_app if read in time, and sent after the delay if not', async () => {
    const r = await recipient();
    const body = (title: string) => ({ recipient_id: r.id, target, payload: { title }, email: { subject: title, html: `<p>${title}</p>`, delay_seconds: 6, unless: 'read' } });
    const readOne = (await as('POST', '/notifications/send', body('read-one'))).body.data.notification;
    const unread = (await as('POST', '/notifications/send', body('unread-one'))).body.data.notification;
    await until(readOne.id, (x) => x.status === 'delivered', 'in-app delivered');
    await until(unread.id, (x) => x.status === 'delivered', 'in-app delivered');
    // Delivered in-app, the emails wait for their delay (due 6 s after the delivery: the rule itself
    // in outbound/dispatch-outbound.spec.ts of the delivery service).
    expect((await notification(unread.id)).email.status).toBe('pending');
    expect((await as('PATCH', `/recipients/${r.id}/notifications/${readOne.id}`, { read: true })).status).toBe(200);
    const skipped = await until(readOne.id, (x) => x.email.status !== 'pending', 'read escalation settled');
    expect(skipped.email).toMatchObject({ status: 'skipped', reason: 'read_in_app' });
    const sent = await until(unread.id, (x) => x.email.status !== 'pending', 'unread escalation settled');
    expect(sent.email).toMatchObject({ status: 'sent' });
    expect(Date.parse(sent.email.sent_at)).toBeGreaterThan(Date.parse(sent.created_at));
    expect((await mailsTo(r.address)).map((m) => m.subject)).toEqual(['unread-one']);
  });

  withMail('when an entry has a digest, then its emails go out as one mail holding both, each sent with the digest id, and GET /digests/{id} lists them', async () => {
    const r = await recipient();
    const ids: number[] = [];
    for (const i of [1, 2]) {
      const res = await as('POST', '/notifications/send', { recipient_id: r.id, target: comments, email: { subject: `c${i}`, html: `<p>comment-${i}</p>` } });
      expect(res.status).toBe(201);
      ids.push(res.body.data.notification.id);
    }
    const items = await Promise.all(ids.map((id) => until(id, (x) => x.email.status !== 'pending', 'digest item settled')));
    const digestId = items[0].email.digest_id as number;
    expect(digestId).toEqual(expect.any(Number));
    for (const n of items) expect(n.email).toMatchObject({ status: 'sent', digest_id: digestId, message_id: items[0].email.message_id });
    const mails = await mailsTo(r.address);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('2 new comments');
    const digest = await as('GET', `/digests/${digestId}`);
    expect(digest.status).toBe(200);
    expect(digest.body.data).toMatchObject({ id: digestId, recipient_id: r.id, target: comments, status: 'sent', max_items: 2, message_id: items[0].email.message_id, address: r.address, reason: null });
    // The mail holds both items' html, in the digest's order.
    const positions = (digest.body.data.notification_ids as number[]).map((id) => mails[0].html!.indexOf(`comment-${ids.indexOf(id) + 1}`));
    expect(positions.every((x) => x >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect([...digest.body.data.notification_ids].sort()).toEqual([...ids].sort());
  });

  it('when an entry has a throttle of 1, then the second send to a recipient ends throttled and stays out of the feed', async () => {
    const rid = uniqueId('thr');
    const first = (await as('POST', '/notifications/send', { recipient_id: rid, target: alerts, payload: { title: 'one' } })).body.data.notification;
    await until(first.id, (x) => x.status === 'delivered', 'first alert delivered');
    const second = (await as('POST', '/notifications/send', { recipient_id: rid, target: alerts, payload: { title: 'two' } })).body.data.notification;
    const throttled = await until(second.id, (x) => x.status !== 'enqueued', 'second alert decided');
    expect(throttled.status).toBe('throttled');
    const feed = await call('GET', `/recipients/${rid}/notifications`, { key: p.fullKey });
    expect(feed.body.data.notifications.map((x: { id: number }) => x.id)).toEqual([first.id]);
  });

  it('when catalog entries carry a digest and a throttle, then they are shown, and a PATCH with null removes them', async () => {
    const list = (await as('GET', '/preferences')).body.data as { id: number; target: typeof target; digest: unknown; throttle: unknown }[];
    const digestEntry = list.find((e) => e.target.channel === comments.channel)!;
    expect(digestEntry).toMatchObject({ digest: { window_seconds: 3600, max_items: 2, subject: '{count} new comments' }, throttle: null });
    expect(list.find((e) => e.target.channel === alerts.channel)).toMatchObject({ digest: null, throttle: { max: 1, window_seconds: 3600 } });
    const created = await as('POST', '/preferences', { channel: 'tmp', topic: 'x', event: 'y', medium: 'email', name: 'Tmp', default_enabled: false, digest: { window_seconds: 60, max_items: 5, subject: 'Digest' }, throttle: { max: 3, window_seconds: 86_400 } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const patched = await as('PATCH', `/preferences/${id}`, { digest: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ digest: null, throttle: { max: 3, window_seconds: 86_400 } });
    expect((await as('PATCH', `/preferences/${id}`, { throttle: { max: 2, window_seconds: 60 } })).body.data).toMatchObject({ digest: null, throttle: { max: 2, window_seconds: 60 } });
  });

  it.each([
    ['send_at is not RFC 3339', { send_at: 'tomorrow at 9' }, 'send_at'],
    ['send_at is over 90 days ahead', { send_at: new Date(Date.now() + 91 * 86_400_000).toISOString() }, 'send_at'],
    ['send_at is a number', { send_at: 1_900_000_000 }, 'send_at'],
    ['delay_seconds is negative', { email: { subject: 's', html: 'h', delay_seconds: -1 } }, 'email.delay_seconds'],
    ['delay_seconds is over a week', { email: { subject: 's', html: 'h', delay_seconds: 604_801 } }, 'email.delay_seconds'],
    ['delay_seconds is past int32', { email: { subject: 's', html: 'h', delay_seconds: 1e12 } }, 'email.delay_seconds'],
    ['unless has no payload to read', { payload: undefined, email: { subject: 's', html: 'h', unless: 'read' } }, 'email.unless'],
    ['unless is unknown', { email: { subject: 's', html: 'h', unless: 'clicked' } }, 'email.unless'],
  ])('when %s, then 400 validation_failed naming it in the message family', async (_what, over, path) => {
    const res = await as('POST', '/notifications/send', { recipient_id: uniqueId('bad'), target, payload: { title: 't' }, ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(paths(res)).toContain(path);
  });

  it.each([
    ['a digest on an in-app entry', { medium: 'in_app', digest: { window_seconds: 60, max_items: 2, subject: 's' } }, 'digest'],
    ['a digest window under 60 s', { medium: 'email', digest: { window_seconds: 30, max_items: 2, subject: 's' } }, 'digest.window_seconds'],
    ['a digest of one item', { medium: 'email', digest: { window_seconds: 60, max_items: 1, subject: 's' } }, 'digest.max_items'],
    ['a throttle of 0', { throttle: { max: 0, window_seconds: 60 } }, 'throttle.max'],
    ['a throttle window past 30 days', { throttle: { max: 1, window_seconds: 2_592_001 } }, 'throttle.window_seconds'],
  ])('when a catalog entry has %s, then 400 validation_failed naming it in the error family', async (_what, over, path) => {
    const res = await as('POST', '/preferences', { channel: 'bad', topic: uniqueId('t'), event: 'e', name: 'Bad', default_enabled: true, ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: expect.any(String) });
    expect(paths(res)).toContain(path);
  });
});
