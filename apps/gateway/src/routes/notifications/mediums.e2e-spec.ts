import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

/**
 * SMS and web push through the REST surface, with the four processes and the sink's fake
 * SMS provider and fake push service (real protocols; the push fake decrypts with the
 * subscription's private key). The sink is shared by every e2e file: these tests use their own
 * numbers and subscriptions; the one failure switch used (the primary SMS account's, in the failover
 * test) touches only SMS, which no other e2e file sends.
 */
const sinkApi = () => {
  const url = process.env.MAIL_API_URL;
  if (!url) throw new Error('MAIL_API_URL is not set: the e2e stack runs the sink');
  return url;
};
const sink = async (method: string, path: string, body?: unknown): Promise<JsonBody> => {
  const res = await fetch(`${sinkApi()}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`sink ${method} ${path} answered ${res.status}`);
  return res.json();
};

let counter = 0;
/** A phone number no other test uses (E.164, written with separators as people do). */
const newPhone = () => {
  const digits = `${String(Date.now()).slice(-7)}${String(++counter).padStart(2, '0')}`;
  return { written: `+49 15 ${digits.slice(0, 4)}-${digits.slice(4)}`, stored: `+4915${digits}` };
};

describe('sms and web push through REST', () => {
  let p: TestProject;
  let vapidKey: string;
  const target = { channel: 'deploys', topic: 'production', event: 'finished' };
  const push = { title: 'Deploy finished', body: 'v1.4.2 is live', url: 'https://app.example/deploys/42', tag: 'deploy-42' };

  beforeAll(async () => {
    p = await createProject('mediums', { max_broadcast_recipients_for_push: 10 });
    const key = await call('GET', '/push/vapid_public_key');
    expect(key.status).toBe(200);
    vapidKey = key.body.data.public_key;
    for (const medium of ['sms', 'web_push']) {
      expect((await as('POST', '/preferences', { ...target, medium, name: `${medium} on deploys`, default_enabled: true })).status).toBe(201);
    }
  });
  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const subscribe = (bound = true): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> => sink('POST', '/push/subscriptions', bound ? { application_server_key: vapidKey } : {});
  const newRecipient = async (contacts: { sms?: string; web_push?: object } = {}) => {
    const id = uniqueId('m');
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    if (contacts.sms) expect((await as('PUT', `/recipients/${id}/contacts`, { medium: 'sms', address: contacts.sms })).status).toBe(200);
    if (contacts.web_push) expect((await as('PUT', `/recipients/${id}/contacts`, { medium: 'web_push', address: JSON.stringify(contacts.web_push) })).status).toBe(200);
    return id;
  };
  const send = async (body: object) => {
    const res = await as('POST', '/notifications/send', body);
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  };
  /** The notification once every medium it asked for has left `pending` (and SMS `sent`, when `smsFinal`). */
  const settled = (id: number, smsFinal = false) =>
    eventually(`notification ${id} settled`, async () => {
      const n = (await as('GET', `/notifications/${id}`)).body.data;
      const waiting = n.status === 'enqueued' || n.sms.status === 'pending' || n.push.status === 'pending' || (smsFinal && n.sms.status === 'sent');
      return waiting ? undefined : n;
    });

  it('when contacts are added, then an sms number is stored in E.164 and a PushSubscription canonical; invalid ones are 400 on address', async () => {
    const id = uniqueId('c');
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    const phone = newPhone();
    const sms = await as('POST', `/recipients/${id}/contacts`, { medium: 'sms', address: phone.written, is_primary: true });
    expect([sms.status, sms.body.data.address]).toEqual([201, phone.stored]);
    const sub = await subscribe();
    const wp = await as('POST', `/recipients/${id}/contacts`, { medium: 'web_push', address: JSON.stringify({ ...sub, expirationTime: null }), is_primary: true });
    expect(wp.status).toBe(201);
    expect(JSON.parse(wp.body.data.address)).toEqual({ endpoint: sub.endpoint, keys: sub.keys });
    for (const [medium, address] of [
      ['sms', '0151 12345678'],
      ['sms', '+1 555'],
      ['web_push', 'not json'],
      ['web_push', JSON.stringify({ endpoint: 'http://push.example/x', keys: sub.keys })],
      ['web_push', JSON.stringify({ endpoint: 'https://push.attacker.example/x', keys: sub.keys })],
      ['web_push', JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh: 'AAAA', auth: sub.keys.auth } })],
    ]) {
      const res = await as('POST', `/recipients/${id}/contacts`, { medium, address });
      expect([medium, address, res.status, res.body.code, res.body.errors?.map((e: JsonBody) => e.property_path)]).toEqual([medium, address, 400, 'validation_failed', ['address']]);
    }
  });

  it('when a cataloged sms is sent, then the provider receives it, the outcome names the provider, and the status callback through the gateway makes it delivered', async () => {
    const phone = newPhone();
    const rid = await newRecipient({ sms: phone.written });
    const id = await send({ recipient_id: rid, target, sms: { text: 'Deploy 42 finished' } });
    const n = await settled(id, true);
    expect(n.sms).toMatchObject({ status: 'delivered', reason: null, address: phone.stored, attempts: 1, provider: 'sms-primary', error: null });
    expect(n.status).toBe('not_requested');
    expect(n.decision).toEqual({ sms: { result: 'delivered', because: 'catalog_entry', rule: expect.objectContaining({ medium: 'sms', default_enabled: true }) } });
    const got = ((await sink('GET', '/sms')) as JsonBody[]).filter((m) => m.to === phone.stored);
    expect(got).toEqual([expect.objectContaining({ text: 'Deploy 42 finished', sid: n.sms.message_id, account: 'ACfakeprimary' })]);
    expect(got[0].status_callback).toMatch(new RegExp(`^${process.env.HERALD_BASE_URL}/callbacks/sms/v1\\.`));
  });

  it('when a status callback names no genuine token, then 404 (no such callback URL) and nothing changes', async () => {
    const res = await call('POST', '/callbacks/sms/c1.eyJwIjoxLCJuIjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', {
      raw: 'MessageSid=SM1&MessageStatus=delivered',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([res.status, res.body.code]).toEqual([404, 'callback_token_invalid']);
  });

  it('when callbacks arrive together (gathered into one call to the delivery service), one of them forged, then only the forged one is 404', async () => {
    const phones = [newPhone(), newPhone()];
    const ids = await Promise.all(phones.map(async (phone) => send({ recipient_id: await newRecipient({ sms: phone.written }), target, sms: { text: 'Deploy 43 finished' } })));
    const sms = await Promise.all(ids.map(async (id, i) => ({ n: (await settled(id, true)).sms, got: ((await sink('GET', '/sms')) as JsonBody[]).find((m) => m.to === phones[i].stored)! })));
    const post = (url: string, status: string, sid: string) => call('POST', new URL(url).pathname, { raw: `MessageSid=${sid}&MessageStatus=${status}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const forged = `${sms[0].got.status_callback.slice(0, -4)}AAAA`;
    const answers = await Promise.all([post(sms[0].got.status_callback, 'delivered', sms[0].n.message_id), post(forged, 'delivered', sms[0].n.message_id), post(sms[1].got.status_callback, 'sent', sms[1].n.message_id)]);
    expect(answers.map((r) => [r.status, r.body.code ?? r.body.data.changed])).toEqual([
      [200, false],
      [404, 'callback_token_invalid'],
      [200, false],
    ]);
  });

  it('when a cataloged push is sent, then the push service decrypts it (VAPID verified) and the outcome is sent', async () => {
    const sub = await subscribe();
    const rid = await newRecipient({ web_push: sub });
    const id = await send({ recipient_id: rid, target, payload: { title: 'in app' }, push });
    const n = await settled(id);
    expect(n.push).toMatchObject({ status: 'sent', address: sub.endpoint, attempts: 1, provider: 'web-push' });
    expect(n.status).toBe('delivered');
    expect(Object.keys(n.decision)).toEqual(['in_app', 'web_push']);
    expect(n.decision.web_push).toMatchObject({ result: 'sent', because: 'catalog_entry' });
    const got = ((await sink('GET', '/push')) as JsonBody[]).filter((m) => m.endpoint === sub.endpoint);
    expect(got).toEqual([expect.objectContaining({ payload: { ...push, notification_id: id, recipient_id: rid }, urgency: 'normal' })]);
  });

  it('when sms and push are uncataloged, disabled or without a contact, then each is skipped with its reason', async () => {
    const phone = newPhone();
    const sub = await subscribe();
    const other = { channel: 'billing', topic: 'none', event: 'paid' };
    const a = await newRecipient({ sms: phone.written, web_push: sub });
    const uncataloged = await settled(await send({ recipient_id: a, target: other, sms: { text: 'x' }, push }));
    expect([uncataloged.sms.reason, uncataloged.push.reason]).toEqual(['not_cataloged', 'not_cataloged']);
    for (const medium of ['sms', 'web_push']) expect((await as('PATCH', `/recipients/${a}/preferences`, { target, medium, state: { enabled: false } })).status).toBe(200);
    const disabled = await settled(await send({ recipient_id: a, target, sms: { text: 'x' }, push }));
    expect([disabled.sms.reason, disabled.push.reason]).toEqual(['preference_disabled', 'preference_disabled']);
    expect(disabled.decision.sms).toMatchObject({ result: 'skipped', because: 'recipient_rule', rule: { medium: 'sms', enabled: false, set_via: 'api_key' } });
    const b = await newRecipient();
    const none = await settled(await send({ recipient_id: b, target, sms: { text: 'x' }, push }));
    expect([none.sms.reason, none.push.reason]).toEqual(['no_primary_contact', 'no_primary_contact']);
    expect(((await sink('GET', '/sms')) as JsonBody[]).filter((m) => m.to === phone.stored)).toHaveLength(0);
    expect(((await sink('GET', '/push')) as JsonBody[]).filter((m) => m.endpoint === sub.endpoint)).toHaveLength(0);
    const check = await as('GET', `/recipients/${a}/preferences/check?channel=${target.channel}&topic=${target.topic}&event=${target.event}&medium=web_push`);
    expect(check.body.data).toMatchObject({ target: { ...target, medium: 'web_push' }, state: { enabled: false, inherited: false, cataloged: true }, decision: { result: 'disabled', because: 'recipient_rule' } });
  });

  it('when the push service answers 410, then the subscription is marked expired and not retried; a new subscription makes the recipient reachable again', async () => {
    const sub = await subscribe();
    const rid = await newRecipient({ web_push: sub });
    await sink('POST', '/push/control', { expire: sub.endpoint });
    const n = await settled(await send({ recipient_id: rid, target, push }));
    expect(n.push).toMatchObject({ status: 'failed', reason: 'subscription_expired', attempts: 1 });
    expect(n.decision.web_push).toMatchObject({ result: 'failed', because: 'subscription_expired' });
    const contact = (await as('GET', `/recipients/${rid}/contacts`)).body.data.contacts.find((c: JsonBody) => c.medium === 'web_push');
    expect(contact).toMatchObject({ deliverable: false, undeliverable_reason: expect.stringContaining('410') });
    const again = await settled(await send({ recipient_id: rid, target, push }));
    expect(again.push).toMatchObject({ status: 'skipped', reason: 'subscription_expired', attempts: 0 });
    const renewed = await subscribe();
    expect((await as('PUT', `/recipients/${rid}/contacts`, { medium: 'web_push', address: JSON.stringify(renewed) })).status).toBe(200);
    const back = await settled(await send({ recipient_id: rid, target, push }));
    expect(back.push).toMatchObject({ status: 'sent', address: renewed.endpoint });
    expect(((await sink('GET', '/push')) as JsonBody[]).filter((m) => m.endpoint === sub.endpoint)).toHaveLength(0);
  });

  it('when the provider refuses a number, then the sms fails address_rejected and the contact is marked undeliverable', async () => {
    const rid = await newRecipient({ sms: '+15005550001' });
    const n = await settled(await send({ recipient_id: rid, target, sms: { text: 'x' } }));
    expect(n.sms).toMatchObject({ status: 'failed', reason: 'address_rejected', attempts: 1 });
    const recipientView = await call('GET', `/notifications/${n.id}`, { key: p.fullKey });
    expect(recipientView.body.data.sms.error).toContain('21211');
    const contact = (await as('GET', `/recipients/${rid}/contacts`)).body.data.contacts.find((c: JsonBody) => c.medium === 'sms');
    expect(contact).toMatchObject({ deliverable: false });
  });

  it('when a broadcast carries push under the project cap, then subscribed recipients get it; sms on a broadcast is a 400', async () => {
    const q = await createProject('broadcast-push', { max_broadcast_recipients_for_push: 5 });
    expect((await call('POST', '/preferences', { key: q.fullKey, body: { ...target, medium: 'web_push', name: 'push', default_enabled: true } })).status).toBe(201);
    const subs = [await subscribe(), await subscribe()];
    for (const sub of subs) {
      const id = uniqueId('bp');
      expect((await call('POST', '/recipients', { key: q.fullKey, body: { id } })).status).toBe(201);
      expect((await call('PUT', `/recipients/${id}/contacts`, { key: q.fullKey, body: { medium: 'web_push', address: JSON.stringify(sub) } })).status).toBe(200);
    }
    const res = await call('POST', '/notifications/send', { key: q.fullKey, body: { recipient_id: null, target, payload: { t: 1 }, push } });
    expect([res.status, res.body.data.broadcast.push]).toEqual([201, { status: 'pending' }]);
    const done = await eventually('broadcast completed', async () => {
      const b = (await call('GET', `/broadcasts/${res.body.data.broadcast.id}`, { key: q.fullKey })).body.data;
      return b.status === 'completed' ? b : undefined;
    });
    expect(done.push).toEqual({ status: 'sent', eligible: 2 });
    await eventually('two pushes', async () => ((await sink('GET', '/push')) as JsonBody[]).filter((m) => subs.some((s) => s.endpoint === m.endpoint)).length === 2);
    const sms = await call('POST', '/notifications/send', { key: q.fullKey, body: { recipient_id: null, target, payload: { t: 1 }, sms: { text: 'x' } } });
    expect([sms.status, sms.body.code]).toEqual([400, 'broadcast_sms_not_allowed']);
  });

  it('when a send breaks the rules of the new blocks, then 400 in the message family', async () => {
    const rid = uniqueId('v');
    const cases: [object, string, string[] | undefined][] = [
      [{ recipient_id: rid, sms: { text: 'x'.repeat(1601) } }, 'validation_failed', ['sms.text']],
      [{ recipient_id: rid, sms: { text: '' } }, 'validation_failed', ['sms.text']],
      [{ recipient_id: rid, push: { title: 'x' } }, 'validation_failed', undefined],
      [{ recipient_id: rid, push: { ...push, url: 'ftp://x' } }, 'validation_failed', ['push.url']],
      [{ recipient_id: rid, push: { title: 't', body: 'b'.repeat(3000) } }, 'validation_failed', ['push']],
      [{ recipient_id: rid, sms: null, push: null }, 'no_medium', undefined],
    ];
    for (const [body, code, paths] of cases) {
      const res = await as('POST', '/notifications/send', body);
      expect([res.status, res.body.code]).toEqual([400, code]);
      if (paths) expect(res.body.errors.map((e: JsonBody) => e.property_path)).toEqual(paths);
    }
    const strict = await createProject('strict', { strict_targets: true });
    const refused = await call('POST', '/notifications/send', { key: strict.fullKey, body: { recipient_id: rid, target, sms: { text: 'x' } } });
    expect([refused.status, refused.body.code]).toEqual([400, 'target_not_cataloged']);
    const noPushCap = await createProject('no-push-cap');
    const broadcast = await call('POST', '/notifications/send', { key: noPushCap.fullKey, body: { recipient_id: null, target, payload: {}, push } });
    expect([broadcast.status, broadcast.body.code]).toEqual([400, 'broadcast_push_not_allowed']);
  });

  it("when the primary SMS provider fails (through the fake's control endpoint), then the SMS goes out through the secondary and names it; once the primary answers again, it sends", async () => {
    const phone = newPhone();
    const rid = await newRecipient({ sms: phone.written });
    // Every request of the primary account fails, so this one message fails over, whatever the adapter's quick retries.
    await sink('POST', '/sms/control', { fail_next: 1_000, status: 503, account: 'ACfakeprimary' });
    let failedOver: JsonBody;
    try {
      failedOver = await settled(await send({ recipient_id: rid, target, sms: { text: 'through the secondary' } }), true);
    } finally {
      await sink('POST', '/sms/control', { fail_next: 0, account: 'ACfakeprimary' });
    }
    expect(failedOver.sms).toMatchObject({ status: 'delivered', provider: 'sms-secondary', attempts: 1 });
    const got = ((await sink('GET', '/sms')) as JsonBody[]).filter((m) => m.to === phone.stored);
    expect(got).toEqual([expect.objectContaining({ text: 'through the secondary', account: 'ACfakesecondary', sid: failedOver.sms.message_id })]);
    // One failed message does not open the primary's circuit (FAILOVER_CONSECUTIVE_FAILURES is 3): the next goes to the primary.
    const back = await settled(await send({ recipient_id: rid, target, sms: { text: 'through the primary' } }), true);
    expect(back.sms).toMatchObject({ status: 'delivered', provider: 'sms-primary' });
  });

  it('when a browser asks, then the VAPID key and the service worker are served without a key', async () => {
    expect(vapidKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const sw = await call('GET', '/push/herald-sw.js');
    expect([sw.status, sw.headers.get('content-type'), sw.headers.get('service-worker-allowed')]).toEqual([200, 'text/javascript; charset=utf-8', '/']);
    expect(sw.body).toContain("addEventListener('push'");
    const settings = await call('GET', `/admin/projects/${p.id}`, { key: process.env.HERALD_ADMIN_TOKEN });
    expect(settings.body.data.settings.max_broadcast_recipients_for_push).toBe(10);
  });
});
