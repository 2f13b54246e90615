import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { configureMobileProviders, received, sink, tokenOf, type Platform } from '../../testing/mobile-fakes';
import { adminToken, call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

/**
 * The mobile_push medium through the REST surface against the sink's FCM and APNs fakes. The
 * fakes' failure switches are not per device, so the tests of this file run one at a time and
 * each uses its own device tokens.
 */

/** A local webhook endpoint keeping the bodies it receives (signatures are the webhooks suite's concern). */
async function webhookReceiver() {
  const events: JsonBody[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events, close: () => new Promise((r) => server.close(r)) };
}

describe('mobile push through REST', () => {
  let p: TestProject;
  const target = { channel: 'deploys', topic: 'production', event: 'mobile' };
  const mobilePush = { title: 'Deploy finished', body: 'api v42 is live', data: { deploy: '42' } };

  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const catalog = async (project: TestProject) => {
    expect((await call('POST', '/preferences', { key: project.fullKey, body: { ...target, medium: 'mobile_push', name: 'Deploys on the phone', default_enabled: true } })).status).toBe(201);
  };

  beforeAll(async () => {
    p = await createProject('mobile');
    await configureMobileProviders(p);
    await catalog(p);
  });

  const newRecipient = async (devices: Platform[], project = p) => {
    const id = uniqueId('phone');
    expect((await call('POST', '/recipients', { key: project.fullKey, body: { id } })).status).toBe(201);
    const registered: { id: number; platform: Platform; token: string }[] = [];
    for (const platform of devices) {
      const res = await call('POST', `/recipients/${id}/devices`, { key: project.fullKey, body: { platform, token: tokenOf[platform]() } });
      expect(res.status).toBe(201);
      registered.push(res.body.data);
    }
    return { id, devices: registered };
  };
  const send = async (body: object, project = p) => {
    const res = await call('POST', '/notifications/send', { key: project.fullKey, body });
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  };
  const settled = (id: number, project = p) =>
    eventually(`notification ${id} settled`, async () => {
      const n = (await call('GET', `/notifications/${id}`, { key: project.fullKey })).body.data;
      return n.mobile_push && n.mobile_push.status !== 'pending' ? n : undefined;
    });

  it.each(['fcm', 'apns'] as const)('when the recipient has an %s device, then the push arrives there and the outcome is sent', async (platform) => {
    const r = await newRecipient([platform]);
    const n = await settled(await send({ recipient_id: r.id, target, mobile_push: mobilePush }));
    expect(n.mobile_push).toMatchObject({ status: 'sent', address: String(r.devices[0].id), attempts: 1, provider: platform, error: null });
    expect(n.decision.mobile_push).toMatchObject({ result: 'sent', because: 'catalog_entry' });
    const [got] = await received(platform, r.devices[0].token);
    expect(got).toMatchObject({ title: mobilePush.title, body: mobilePush.body });
  });

  it('when the recipient has an fcm and an apns device, then each gets the push once, and badge unread is the in-app unread count', async () => {
    const r = await newRecipient(['fcm', 'apns']);
    await settledInApp(await send({ recipient_id: r.id, payload: { title: 'earlier' } }));
    const n = await settled(await send({ recipient_id: r.id, target, payload: { title: 'deploy' }, mobile_push: { ...mobilePush, badge: 'unread' } }));
    expect(n.mobile_push).toMatchObject({ status: 'sent', address: r.devices.map((d) => d.id).join(','), provider: 'fcm,apns' });
    const [fcm] = await received('fcm', r.devices[0].token);
    const [apns] = await received('apns', r.devices[1].token);
    expect([fcm.raw.apns.payload.aps.badge, apns.raw.aps.badge]).toEqual([2, 2]);
  });
  const settledInApp = (id: number) => eventually(`notification ${id} delivered`, async () => ((await as('GET', `/notifications/${id}`)).body.data.status === 'delivered' ? true : undefined));

  it.each(['fcm', 'apns'] as const)('when the %s service says the device is gone, then the device is removed and the outcome says so', async (platform) => {
    const r = await newRecipient([platform]);
    await sink('POST', `/${platform}/control`, { gone: r.devices[0].token });
    const n = await settled(await send({ recipient_id: r.id, target, mobile_push: mobilePush }));
    expect(n.mobile_push).toMatchObject({ status: 'failed', reason: 'device_gone', error: expect.stringContaining(`device ${r.devices[0].id} gone`) });
    expect(n.decision.mobile_push).toMatchObject({ result: 'failed', because: 'device_gone' });
    expect((await as('GET', `/recipients/${r.id}/devices`)).body.data.devices).toEqual([]);
  });

  it('when a device is gone, then the device.removed webhook names the removed device and its platform beside the notification', async () => {
    const hook = await webhookReceiver();
    try {
      expect((await as('POST', '/webhooks', { url: hook.url, event_types: ['device.removed'] })).status).toBe(201);
      const r = await newRecipient(['apns', 'fcm']);
      await sink('POST', '/apns/control', { gone: r.devices[0].token });
      const id = await send({ recipient_id: r.id, target, mobile_push: mobilePush });
      const n = await settled(id);
      expect(n.mobile_push).toMatchObject({ status: 'sent', error: expect.stringContaining(`device ${r.devices[0].id} gone`) });
      const removed = await eventually('the device.removed webhook', () => hook.events.find((e) => e.type === 'device.removed' && e.data.id === id));
      expect(removed.device).toEqual({ id: r.devices[0].id, platform: 'apns' });
      expect(removed.data).toMatchObject({ id, recipient_id: r.id });
    } finally {
      await hook.close();
    }
  });

  it('when FCM answers 429 with Retry-After, then the push is sent again after it', async () => {
    const r = await newRecipient(['fcm']);
    await sink('POST', '/fcm/control', { fail_next: 1, status: 429, retry_after: 1 });
    const n = await settled(await send({ recipient_id: r.id, target, mobile_push: mobilePush }));
    expect(n.mobile_push).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await received('fcm', r.devices[0].token)).toHaveLength(1);
  });

  it('when APNs answers 500 to every attempt, then the push is retried and then fails', async () => {
    const r = await newRecipient(['apns']);
    // The test stack allows 3 attempts (MOBILE_PUSH_MAX_ATTEMPTS).
    await sink('POST', '/apns/control', { fail_next: 3, status: 500 });
    const n = await settled(await send({ recipient_id: r.id, target, mobile_push: mobilePush }));
    expect(n.mobile_push).toMatchObject({ status: 'failed', reason: 'provider_error', attempts: 3 });
    expect(await received('apns', r.devices[0].token)).toEqual([]);
  });

  it('when the recipient has no device, or the project no provider of its devices, then the push is skipped with its own reason', async () => {
    const none = await newRecipient([]);
    expect((await settled(await send({ recipient_id: none.id, target, mobile_push: mobilePush }))).mobile_push).toMatchObject({ status: 'skipped', reason: 'no_device' });
    const bare = await createProject('mobile-bare');
    await catalog(bare);
    const r = await newRecipient(['fcm'], bare);
    const n = await settled(await send({ recipient_id: r.id, target, mobile_push: mobilePush }, bare), bare);
    expect(n.mobile_push).toMatchObject({ status: 'skipped', reason: 'provider_not_configured' });
    expect(n.decision.mobile_push).toMatchObject({ result: 'skipped', because: 'provider_not_configured' });
  });

  it('when the block is larger than the services take, or comes on a broadcast, then the send is refused', async () => {
    const r = await newRecipient(['apns']);
    const big = await as('POST', '/notifications/send', { recipient_id: r.id, target, mobile_push: { ...mobilePush, body: 'x'.repeat(4096) } });
    expect([big.status, big.body.code, big.body.errors?.map((e: JsonBody) => e.property_path)]).toEqual([400, 'validation_failed', ['mobile_push']]);
    const broadcast = await as('POST', '/notifications/send', { recipient_id: null, target, payload: { title: 'all' }, mobile_push: mobilePush });
    expect([broadcast.status, broadcast.body.code]).toEqual([400, 'broadcast_mobile_push_not_allowed']);
    const hugeBadge = await as('POST', '/notifications/send', { recipient_id: r.id, target, mobile_push: { ...mobilePush, badge: 2 ** 31 } });
    expect([hugeBadge.status, hugeBadge.body.code]).toEqual([400, 'validation_failed']);
  });

  it('when APNs answers slowly, then an FCM push to another recipient arrives and is recorded sent while the slow one is still pending', async () => {
    const [slow, quick] = [await newRecipient(['apns']), await newRecipient(['fcm'])];
    // Slower than the sender's deadline: the APNs push stays pending (retried) until the fake is quick again.
    await sink('POST', '/apns/control', { slow_ms: 120_000 });
    try {
      const slowId = await send({ recipient_id: slow.id, target, mobile_push: mobilePush });
      const quickId = await send({ recipient_id: quick.id, target, mobile_push: mobilePush });
      expect((await settled(quickId)).mobile_push).toMatchObject({ status: 'sent', provider: 'fcm' });
      expect(await received('fcm', quick.devices[0].token)).toHaveLength(1);
      // Its first attempt still runs (a batch of both would have ended them together).
      expect((await as('GET', `/notifications/${slowId}`)).body.data.mobile_push).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await received('apns', slow.devices[0].token)).toEqual([]);
    } finally {
      await sink('POST', '/apns/control', { slow_ms: 0 });
    }
  });

  // The fakes' controls scoped to the other project's app: its Firebase project (FCM), its bundle id, the apns-topic (APNs).
  it.each([
    ['FCM', 'fcm', { firebaseProjectId: 'herald-e2e-slow' }, { project: 'herald-e2e-slow' }],
    ['APNs', 'apns', { bundleId: 'com.example.slow' }, { topic: 'com.example.slow' }],
  ] as const)("when another project's %s answers slowly, then this project's push through it arrives and is recorded sent while none of the other's first attempts has ended", async (_, platform, providers, scope) => {
    const other = await createProject(`mobile-slow-${platform}`);
    await configureMobileProviders(other, providers);
    await catalog(other);
    // More jobs than the other project's shares of the provider (MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROJECT, 20) and
    // its queue (8): jobs waiting for their project's share must not hold the provider's shares meanwhile.
    const slow: string[] = [];
    for (let i = 0; i < 48; i += 1) slow.push((await newRecipient([platform], other)).id);
    const quick = await newRecipient([platform]);
    const slowProvider = (body = {}) => sink('POST', `/${platform}/control`, { ...scope, ...body });
    // Slower than the sender's deadline: the other project's first attempts end only when it passes (`abandoned`).
    await slowProvider({ slow_ms: 120_000 });
    try {
      for (const id of slow) await send({ recipient_id: id, target, mobile_push: mobilePush }, other);
      await eventually("the other project's shares of the provider all in flight", async () => (await slowProvider()).held >= 20);
      const quickId = await send({ recipient_id: quick.id, target, mobile_push: mobilePush });
      expect((await settled(quickId)).mobile_push).toMatchObject({ status: 'sent', provider: platform });
      expect(await received(platform, quick.devices[0].token)).toHaveLength(1);
      expect(await slowProvider()).toMatchObject({ abandoned: 0 });
    } finally {
      await slowProvider({ slow_ms: 0 });
    }
  });
});

/** Mobile push on sends to many (a list, recipient ids, every recipient): in this file, as the fakes' switches are shared. */
const toManyTarget = { channel: 'deploys', topic: 'production', event: 'to-many' };

describe('mobile push on sends to many', () => {
  const target = toManyTarget;
  const mobilePush = { title: 'Deploy finished', body: 'api v42 is live' };
  const projectWith = async (settings: Record<string, unknown> = {}) => {
    const p = await createProject('audience-mobile', settings);
    await configureMobileProviders(p);
    expect((await call('POST', '/preferences', { key: p.fullKey, body: { ...target, medium: 'mobile_push', name: 'Deploys on the phone', default_enabled: true } })).status).toBe(201);
    return p;
  };
  /** A recipient with one device of each platform given; returns its id and device tokens. */
  const newRecipient = async (p: TestProject, platforms: Platform[]) => {
    const id = uniqueId('phone');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    const tokens: { platform: Platform; token: string }[] = [];
    for (const platform of platforms) {
      const token = tokenOf[platform]();
      expect((await call('POST', `/recipients/${id}/devices`, { key: p.fullKey, body: { platform, token } })).status).toBe(201);
      tokens.push({ platform, token });
    }
    return { id, tokens };
  };
  /** The send's notifications once it completed and none of their mobile pushes is pending, by recipient. */
  const settledSend = async (p: TestProject, broadcastId: number, recipients: string[]) => {
    await eventually(`send ${broadcastId} completed`, async () => (await call('GET', `/broadcasts/${broadcastId}`, { key: p.fullKey })).body.data?.status === 'completed');
    return eventually(`the mobile pushes of send ${broadcastId} settled`, async () => {
      const out = new Map<string, JsonBody>();
      for (const r of recipients) {
        const feed = await call('GET', `/recipients/${r}/notifications`, { key: p.recipientKey });
        const item = (feed.body.data.notifications as JsonBody[]).find((n) => n.broadcast_id === broadcastId);
        if (!item) return undefined;
        const n = (await call('GET', `/notifications/${item.id}`, { key: p.fullKey })).body.data;
        if (n.mobile_push.status === 'pending') return undefined;
        out.set(r, n);
      }
      return out;
    });
  };
  const pushesTo = async ({ platform, token }: { platform: Platform; token: string }) => (await received(platform, token)).map((m) => m.title);

  it("when a list send carries mobile_push, then each subscriber's devices get the push exactly once", async () => {
    const p = await projectWith();
    const members = [await newRecipient(p, ['fcm', 'apns']), await newRecipient(p, ['apns'])];
    const list = uniqueId('list');
    expect((await call('POST', '/lists', { key: p.fullKey, body: { key: list, name: 'Phones' } })).status).toBe(201);
    expect((await call('PUT', `/lists/${list}/subscriptions`, { key: p.fullKey, body: { recipient_ids: members.map((m) => m.id) } })).body.data.subscribed).toBe(2);
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { list, target, payload: { t: 1 }, mobile_push: mobilePush } });
    expect(res.status).toBe(201);
    const byRecipient = await settledSend(p, res.body.data.broadcast.id, members.map((m) => m.id));
    expect(byRecipient.get(members[0].id)!.mobile_push).toMatchObject({ status: 'sent', provider: 'fcm,apns' });
    expect(byRecipient.get(members[1].id)!.mobile_push).toMatchObject({ status: 'sent', provider: 'apns' });
    for (const device of members.flatMap((m) => m.tokens)) expect(await pushesTo(device)).toEqual([mobilePush.title]);
  });

  it("when a send to many carries mobile_push, then its answer, GET /broadcasts/{id} and broadcast.completed show the medium's progress", async () => {
    const p = await projectWith();
    const hook = await webhookReceiver();
    try {
      expect((await call('POST', '/webhooks', { key: p.fullKey, body: { url: hook.url, event_types: ['broadcast.completed'] } })).status).toBe(201);
      const withDevices = [await newRecipient(p, ['fcm', 'apns']), await newRecipient(p, ['apns'])];
      const without = await newRecipient(p, []);
      const ids = [...withDevices, without].map((m) => m.id);
      const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_ids: ids, target, payload: { t: 1 }, mobile_push: mobilePush } });
      expect([res.status, res.body.data.broadcast.mobile_push]).toEqual([201, { status: 'pending' }]);
      const broadcastId = res.body.data.broadcast.id as number;
      await settledSend(p, broadcastId, ids);
      const shown = (await call('GET', `/broadcasts/${broadcastId}`, { key: p.fullKey })).body.data;
      expect(shown.mobile_push).toEqual({ status: 'sent', eligible: 2 });
      const completed = await eventually('the broadcast.completed webhook', () => hook.events.find((e) => e.type === 'broadcast.completed' && e.data.id === broadcastId));
      expect(completed.data.mobile_push).toEqual({ status: 'sent', eligible: 2 });
    } finally {
      await hook.close();
    }
  });

  it('when a broadcast to every recipient carries mobile_push within max_broadcast_recipients_for_mobile_push, then each device gets it once', async () => {
    const p = await projectWith({ max_broadcast_recipients_for_mobile_push: 10 });
    const [a, b] = [await newRecipient(p, ['fcm']), await newRecipient(p, ['apns'])];
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: null, target, payload: { t: 1 }, mobile_push: mobilePush } });
    expect(res.status).toBe(201);
    const byRecipient = await settledSend(p, res.body.data.broadcast.id, [a.id, b.id]);
    for (const r of [a, b]) expect(byRecipient.get(r.id)!.mobile_push).toMatchObject({ status: 'sent' });
    for (const device of [...a.tokens, ...b.tokens]) expect(await pushesTo(device)).toEqual([mobilePush.title]);
  });

  it('when more recipients are eligible than max_list_recipients_for_mobile_push, then no push is sent and each is skipped broadcast_limit_exceeded', async () => {
    const p = await projectWith({ max_list_recipients_for_mobile_push: 1 });
    const members = [await newRecipient(p, ['fcm']), await newRecipient(p, ['apns'])];
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_ids: members.map((m) => m.id), target, payload: { t: 1 }, mobile_push: mobilePush } });
    expect(res.status).toBe(201);
    const byRecipient = await settledSend(p, res.body.data.broadcast.id, members.map((m) => m.id));
    for (const m of members) expect(byRecipient.get(m.id)!.mobile_push).toMatchObject({ status: 'skipped', reason: 'broadcast_limit_exceeded' });
    for (const device of members.flatMap((m) => m.tokens)) expect(await pushesTo(device)).toEqual([]);
  });

  it('when a cap is 0, then the send is 400 naming it: list_mobile_push_not_allowed, broadcast_mobile_push_not_allowed', async () => {
    const p = await projectWith({ max_list_recipients_for_mobile_push: 0 });
    const toIds = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_ids: ['a'], target, payload: {}, mobile_push: mobilePush } });
    expect([toIds.status, toIds.body.code]).toEqual([400, 'list_mobile_push_not_allowed']);
    const everyone = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: null, target, payload: {}, mobile_push: mobilePush } });
    expect([everyone.status, everyone.body.code]).toEqual([400, 'broadcast_mobile_push_not_allowed']);
    const project = await call('GET', `/admin/projects/${p.id}`, { key: adminToken() });
    expect(project.body.data.settings.max_list_recipients_for_mobile_push).toBe(0);
  });
});
