import { eventually } from '@herald/testing';
import { signUnsubscribeToken } from '../../testing/unsubscribe-token';
import { call, createProject, uniqueId, TIMESTAMP, type JsonBody, type TestProject } from '../../testing/rest-client';

/**
 * `decision` of a notification: one send per `because` value reachable through the REST
 * surface, each gate included, read back from GET /notifications/{id}, the feed and a webhook; and
 * a decision is the one made at the send, whatever the rules say later.
 */
const mailApi = process.env.MAIL_API_URL;
const refuse = async (address: string, code: number, message?: string) => {
  const res = await fetch(`${mailApi}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refuse: { address, code, message } }) });
  if (!res.ok) throw new Error(`sink control answered ${res.status}`);
};

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  return (await eventually(what, check, { timeoutMs })) as T;
}

describe('notifications: the decision of each medium', () => {
  let p: TestProject;
  const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };
  const email = { subject: 'Invoice', html: '<p>paid</p>' };
  beforeAll(async () => {
    p = await createProject('decisions', { max_broadcast_recipients_for_email: 1 });
  });
  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const newRecipient = async (address?: string) => {
    const id = uniqueId('d');
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    if (address) expect((await as('POST', `/recipients/${id}/contacts`, { medium: 'email', address, is_primary: true })).status).toBe(201);
    return id;
  };
  const catalog = async (t: object, medium: string, extra: object = {}) => {
    const res = await as('POST', '/preferences', { ...t, medium, name: `${medium} entry`, default_enabled: true, ...extra });
    expect(res.status).toBe(201);
    return res.body.data as JsonBody;
  };
  const send = async (body: object) => {
    const res = await as('POST', '/notifications/send', body);
    expect(res.status).toBe(201);
    return res.body.data.notification as JsonBody;
  };
  /** The notification once every medium it asked for has its outcome. */
  const settled = (id: number) =>
    until(async () => {
      const n = (await as('GET', `/notifications/${id}`)).body.data;
      return n.status !== 'enqueued' && n.email.status !== 'pending' ? n : undefined;
    }, `notification ${id} settled`);

  it('when the send is answered, then each medium it asked for is pending with no because yet', async () => {
    const r = await newRecipient();
    const n = await send({ recipient_id: r, target, payload: { t: 1 }, email });
    expect(n.decision).toEqual({ in_app: { result: 'pending', because: null, rule: null }, email: { result: 'pending', because: null, rule: null } });
    const payloadOnly = await send({ recipient_id: r, payload: { t: 2 } });
    expect(Object.keys(payloadOnly.decision)).toEqual(['in_app']);
  });

  it('when nothing decides but the medium itself, then in-app is delivered by medium_default and the email gates say not_cataloged and no_target', async () => {
    const r = await newRecipient(`${uniqueId('m')}@decisions.test`);
    const uncataloged = await settled((await send({ recipient_id: r, target: { channel: 'misc', topic: 'none', event: 'x' }, payload: { t: 1 }, email })).id);
    expect(uncataloged.decision).toEqual({
      in_app: { result: 'delivered', because: 'medium_default', rule: null },
      email: { result: 'skipped', because: 'not_cataloged', rule: null },
    });
    const noTarget = await settled((await send({ recipient_id: r, payload: { t: 2 }, email })).id);
    expect(noTarget.decision).toEqual({
      in_app: { result: 'delivered', because: 'medium_default', rule: null },
      email: { result: 'skipped', because: 'no_target', rule: null },
    });
  });

  it('when each step of the cascade decides in-app in turn, then the notification names it and the rule or entry', async () => {
    const t = { channel: `c${uniqueId('')}`, topic: 'shipping', event: 'shipped' };
    const tAny = { ...t, topic: 'any' };
    const r = await newRecipient();
    const inApp = async () => (await settled((await send({ recipient_id: r, target: t, payload: { t: 1 } })).id)).decision.in_app;

    const anyEntry = await catalog(tAny, 'in_app', { default_enabled: false });
    expect(await inApp()).toEqual({
      result: 'suppressed',
      because: 'catalog_topic_any_entry',
      rule: { id: anyEntry.id, label: 'in_app entry', target: tAny, medium: 'in_app', default_enabled: false, mandatory: false },
    });
    const exact = await catalog(t, 'in_app', { default_enabled: true });
    expect(await inApp()).toMatchObject({ result: 'delivered', because: 'catalog_entry', rule: { id: exact.id, target: t, default_enabled: true } });

    expect((await as('PATCH', `/recipients/${r}/preferences`, { target: tAny, medium: 'in_app', state: { enabled: false } })).status).toBe(200);
    expect(await inApp()).toMatchObject({ result: 'suppressed', because: 'recipient_topic_any_rule', rule: { target: tAny, medium: 'in_app', enabled: false, set_via: 'api_key' } });

    expect((await as('PATCH', `/recipients/${r}/preferences`, { target: t, medium: 'in_app', state: { enabled: true } })).status).toBe(200);
    const step1 = await inApp();
    expect(step1).toMatchObject({ result: 'delivered', because: 'recipient_rule', rule: { target: t, medium: 'in_app', enabled: true, set_via: 'api_key' } });
    expect(step1.rule.set_at).toMatch(TIMESTAMP);

    expect((await as('PATCH', `/preferences/${exact.id}`, { mandatory: true, default_enabled: false })).status).toBe(200);
    expect(await inApp()).toMatchObject({ result: 'suppressed', because: 'mandatory_entry', rule: { id: exact.id, mandatory: true, default_enabled: false } });
  });

  // provider_error (a refusal of the mail itself) needs a sink refusing one mail, which other suites
  // sharing this stack's sink could take: it is covered by the delivery service's tests with a sink
  // of their own, and by the table of domain/decision.spec.ts.
  it('when the email passes the cascade, then sent names the entry; its gates name no_primary_contact, address_rejected and address_undeliverable', async () => {
    await catalog(target, 'email');
    const noContact = await newRecipient();
    expect((await settled((await send({ recipient_id: noContact, target, email })).id)).decision).toEqual({ email: { result: 'skipped', because: 'no_primary_contact', rule: null } });

    const ok = await newRecipient(`${uniqueId('ok')}@decisions.test`);
    const sent = await settled((await send({ recipient_id: ok, target, email })).id);
    expect(sent.decision.email).toMatchObject({ result: 'sent', because: 'catalog_entry', rule: { target, medium: 'email', default_enabled: true, mandatory: false } });

    const bad = `${uniqueId('bad')}@decisions.test`;
    const rejected = await newRecipient(bad);
    await refuse(bad, 550, '5.1.1 no such mailbox');
    expect((await settled((await send({ recipient_id: rejected, target, email })).id)).decision.email).toEqual({ result: 'failed', because: 'address_rejected', rule: null });
    expect((await settled((await send({ recipient_id: rejected, target, email })).id)).decision.email).toEqual({ result: 'skipped', because: 'address_undeliverable', rule: null });
    await refuse(bad, 0);
  });

  it('when the recipient turned the email off through a recipient token, then skipped names that rule with set_via recipient_token; through an unsubscribe link, unsubscribe_link', async () => {
    const t = { channel: `u${uniqueId('')}`, topic: 'news', event: 'letter' };
    await catalog(t, 'email');
    const r = await newRecipient(`${uniqueId('tok')}@decisions.test`);
    const token = (await as('POST', `/recipients/${r}/tokens`, {})).body.data.token as string;
    expect((await as('PATCH', `/recipients/${r}/preferences`, { target: t, medium: 'email', state: { enabled: false } }, token)).status).toBe(200);
    const viaToken = await settled((await send({ recipient_id: r, target: t, email })).id);
    expect(viaToken.decision.email).toMatchObject({ result: 'skipped', because: 'recipient_rule', rule: { target: t, medium: 'email', enabled: false, set_via: 'recipient_token' } });

    const other = await newRecipient(`${uniqueId('un')}@decisions.test`);
    const link = signUnsubscribeToken({ projectId: p.id, recipientId: other, target: t });
    expect((await call('POST', `/unsubscribe/${link}`, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    const viaLink = await settled((await send({ recipient_id: other, target: t, email })).id);
    expect(viaLink.decision.email).toMatchObject({ result: 'skipped', because: 'recipient_rule', rule: { enabled: false, set_via: 'unsubscribe_link' } });

    // A rule changed after the send does not change the decision stored with it.
    expect((await as('PATCH', `/recipients/${r}/preferences`, { target: t, medium: 'email', state: { enabled: true } })).status).toBe(200);
    expect((await as('GET', `/notifications/${viaToken.id}`)).body.data.decision).toEqual(viaToken.decision);
  });

  it('when a broadcast is over its email cap, then its emails say broadcast_limit_exceeded; the feed shows the same decision', async () => {
    const t = { channel: `b${uniqueId('')}`, topic: 'none', event: 'launch' };
    await catalog(t, 'email');
    const [a, b] = [await newRecipient(`${uniqueId('ba')}@decisions.test`), await newRecipient(`${uniqueId('bb')}@decisions.test`)];
    const res = await as('POST', '/notifications/send', { recipient_id: null, target: t, payload: { t: 'launch' }, email });
    expect(res.status).toBe(201);
    const bid = res.body.data.broadcast.id;
    await until(async () => ((await as('GET', `/broadcasts/${bid}`)).body.data.status === 'completed' ? true : undefined), 'broadcast completed', 60_000);
    const feed = (await as('GET', `/recipients/${a}/notifications`)).body.data.notifications as JsonBody[];
    const mine = feed.find((n) => n.broadcast_id === bid);
    expect(mine.decision).toEqual({
      in_app: { result: 'delivered', because: 'medium_default', rule: null },
      email: { result: 'skipped', because: 'broadcast_limit_exceeded', rule: null },
    });
    expect((await as('GET', `/notifications/${mine.id}`)).body.data.decision).toEqual(mine.decision);
    const theirs = ((await as('GET', `/recipients/${b}/notifications`)).body.data.notifications as JsonBody[]).find((n) => n.broadcast_id === bid);
    expect(theirs.decision.email).toEqual({ result: 'skipped', because: 'broadcast_limit_exceeded', rule: null });
  });

  it('when the monthly quota is spent, then in-app says quota_exceeded', async () => {
    const q = await createProject('decisions-quota', { monthly_quota: 0 });
    const r = uniqueId('q');
    const res = await call('POST', '/notifications/send', { key: q.fullKey, body: { recipient_id: r, payload: { t: 1 } } });
    expect(res.status).toBe(201);
    const n = await until(async () => {
      const x = (await call('GET', `/notifications/${res.body.data.notification.id}`, { key: q.fullKey })).body.data;
      return x.status !== 'enqueued' ? x : undefined;
    }, 'quota outcome');
    expect(n.decision).toEqual({ in_app: { result: 'quota_exceeded', because: 'quota_exceeded', rule: null } });
  });
});
