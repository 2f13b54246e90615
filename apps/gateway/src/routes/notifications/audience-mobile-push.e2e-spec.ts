import { eventually } from '@herald/testing';
import { configureMobileProviders, received, tokenOf, type Platform } from '../../testing/mobile-fakes';
import { adminToken, call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

jest.setTimeout(120_000);

/** Mobile push on sends to many (a list, recipient ids, every recipient) against the sink's FCM and APNs fakes. */
const target = { channel: 'deploys', topic: 'production', event: 'to-many' };
const mobilePush = { title: 'Deploy finished', body: 'api v42 is live' };

describe('mobile push on sends to many', () => {
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
