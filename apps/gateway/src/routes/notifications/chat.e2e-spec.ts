import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

/**
 * The chat medium through the REST surface against the sink's chat fakes (Slack's chat.postMessage
 * and the Slack, Teams and Discord incoming webhooks). The sink is shared by every e2e file: each
 * test uses its own channels and webhook URLs, and every failure switch names its target.
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
const received = async (to: string): Promise<JsonBody[]> => ((await sink('GET', '/chat')) as JsonBody[]).filter((m) => m.to === to);

let counter = 0;
const slackChannel = () => `C${String(Date.now()).slice(-8)}${String(++counter).padStart(3, '0')}`;
const webhookOf = {
  slack: () => `${sinkApi()}/services/T0/B0/${uniqueId('hook')}`,
  teams: () => `${sinkApi()}/webhookb2/${uniqueId('team')}/IncomingWebhook/1/2`,
  discord: () => `${sinkApi()}/api/webhooks/${Date.now()}${++counter}/${uniqueId('t')}`,
};
type Provider = keyof typeof webhookOf;

describe('chat through REST', () => {
  let p: TestProject;
  const target = { channel: 'deploys', topic: 'production', event: 'chat' };
  const chat = { text: 'Deploy v1.4.2 finished', url: 'https://ci.example/deploys/42' };

  beforeAll(async () => {
    p = await createProject('chat');
    expect((await as('POST', '/preferences', { ...target, medium: 'chat', name: 'Deploys in chat', default_enabled: true })).status).toBe(201);
  });
  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const newTeam = async (provider?: Provider, address?: string, key = p.fullKey) => {
    const id = uniqueId('team:ops');
    expect((await as('POST', '/recipients', { id }, key)).status).toBe(201);
    if (provider) expect((await as('PUT', `/recipients/${encodeURIComponent(id)}/contacts`, { medium: 'chat', provider, address }, key)).status).toBe(200);
    return id;
  };
  const send = async (body: object, key = p.fullKey) => {
    const res = await as('POST', '/notifications/send', body, key);
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  };
  const settled = (id: number, key = p.fullKey) =>
    eventually(`notification ${id} settled`, async () => {
      const n = (await as('GET', `/notifications/${id}`, undefined, key)).body.data;
      return n.chat && n.chat.status !== 'pending' ? n : undefined;
    });

  it.each([
    ['slack', 'a channel through chat.postMessage', slackChannel],
    ['slack', 'an incoming webhook', webhookOf.slack],
    ['teams', 'an incoming webhook', webhookOf.teams],
    ['discord', 'a webhook', webhookOf.discord],
  ] as const)('when a %s contact is %s, then the message arrives rendered for it and the outcome is sent', async (provider, _, addressOf) => {
    const address = addressOf();
    const rid = await newTeam(provider, address);
    const n = await settled(await send({ recipient_id: rid, target, chat }));
    expect(n.chat).toMatchObject({ status: 'sent', address, attempts: 1, provider: 'chat' });
    expect(n.decision.chat).toMatchObject({ result: 'sent', because: 'catalog_entry' });
    const [got] = await received(address);
    expect(got).toMatchObject({ provider, text: chat.text, url: chat.url });
  });

  it('when a project saved its own Slack bot token, then chat.postMessage is called with it; a project without one uses the server token', async () => {
    const sendToChannel = async (key: string) => {
      const channel = slackChannel();
      await settled(await send({ recipient_id: await newTeam('slack', channel, key), target, chat }, key), key);
      return (await received(channel)).map((m) => m.authorization);
    };
    expect(await sendToChannel(p.fullKey)).toEqual(['Bearer xoxb-herald-local-fake']);
    const own = 'xoxb-1234567890-projectowntoken';
    const mine = (await createProject('chat-own-token')).fullKey;
    expect((await as('POST', '/preferences', { ...target, medium: 'chat', name: 'Deploys in chat', default_enabled: true }, mine)).status).toBe(201);
    expect((await as('PUT', '/providers/slack', { bot_token: own }, mine)).status).toBe(200);
    expect(await sendToChannel(mine)).toEqual([`Bearer ${own}`]);
  });

  it.each(['slack', 'teams', 'discord'] as const)('when %s answers 429 with Retry-After, then the message is sent again after it', async (provider) => {
    const address = webhookOf[provider]();
    const rid = await newTeam(provider, address);
    await sink('POST', '/chat/control', { fail_next: 1, status: 429, retry_after: 1, to: address });
    const n = await settled(await send({ recipient_id: rid, target, chat }));
    expect(n.chat).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await received(address)).toHaveLength(1);
  });

  it.each(['slack', 'teams', 'discord'] as const)('when %s answers 500 every time, then the message is retried and ends failed', async (provider) => {
    const address = provider === 'slack' ? slackChannel() : webhookOf[provider]();
    const rid = await newTeam(provider, address);
    await sink('POST', '/chat/control', { fail_next: 3, status: 500, to: address });
    const n = await settled(await send({ recipient_id: rid, target, chat }));
    expect(n.chat).toMatchObject({ status: 'failed', reason: 'provider_error', attempts: 3 });
    expect(n.decision.chat).toMatchObject({ result: 'failed', because: 'provider_error' });
    expect(await received(address)).toEqual([]);
  });

  it('when one channel answers slowly, then another channel gets its message meanwhile', async () => {
    const [slow, quick] = [webhookOf.discord(), webhookOf.discord()];
    const [a, b] = [await newTeam('discord', slow), await newTeam('discord', quick)];
    // The slow channel answers after the sender's deadline (CHAT_TIMEOUT_MS, 10 s): its first attempt
    // is still running when the quick channel's message arrives, however loaded the machine is.
    await sink('POST', '/chat/control', { slow: { to: slow, ms: 60_000 } });
    const slowId = await send({ recipient_id: a, target, chat });
    await send({ recipient_id: b, target, chat });
    await eventually('the quick channel received its message', async () => ((await received(quick)).length === 1 ? true : undefined));
    expect(await received(slow)).toEqual([]);
    const slowNow = (await as('GET', `/notifications/${slowId}`)).body.data;
    expect(slowNow.chat).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('when the Slack channel is gone, then the outcome is address_rejected and the contact is marked undeliverable', async () => {
    const channel = slackChannel();
    const rid = await newTeam('slack', channel);
    await sink('POST', '/chat/control', { gone: channel });
    const n = await settled(await send({ recipient_id: rid, target, chat }));
    expect(n.chat).toMatchObject({ status: 'failed', reason: 'address_rejected' });
    const contacts = (await as('GET', `/recipients/${encodeURIComponent(rid)}/contacts`)).body.data.contacts as JsonBody[];
    expect(contacts[0]).toMatchObject({ medium: 'chat', deliverable: false });
  });

  it('when the recipient has no chat contact, then chat is skipped no_primary_contact', async () => {
    const n = await settled(await send({ recipient_id: await newTeam(), target, chat }));
    expect(n.chat).toMatchObject({ status: 'skipped', reason: 'no_primary_contact' });
  });

  it('when a recipient token reads the notification, then the chat address (a webhook URL holds its secret) is hidden', async () => {
    const address = webhookOf.discord();
    const rid = await newTeam('discord', address);
    const id = await send({ recipient_id: rid, target, payload: { title: 'Deploy' }, chat });
    await settled(id);
    const token = (await as('POST', `/recipients/${encodeURIComponent(rid)}/tokens`, { ttl_seconds: 600 })).body.data.token as string;
    const mine = await call('GET', `/recipients/${encodeURIComponent(rid)}/notifications`, { key: token });
    const n = (mine.body.data.notifications as JsonBody[]).find((x) => x.id === id);
    expect(n?.chat).toMatchObject({ status: 'sent', address: null });
  });

  it('when a send has no chat block, then its notification shows no chat outcome', async () => {
    const rid = await newTeam('slack', slackChannel());
    const n = (await as('GET', `/notifications/${await send({ recipient_id: rid, target, payload: { title: 'x' } })}`)).body.data;
    expect(n).not.toHaveProperty('chat');
  });

  it.each([
    ['an empty text', { chat: { text: '' } }, 'validation_failed', ['chat.text']],
    ['a text of 3,001 characters', { chat: { text: 'x'.repeat(3001) } }, 'validation_failed', ['chat.text']],
    ['an ftp url', { chat: { text: 'hi', url: 'ftp://x' } }, 'validation_failed', ['chat.url']],
  ])('when the chat block has %s, then 400 %s naming %j', async (_, block, code, paths) => {
    const rid = await newTeam();
    const res = await as('POST', '/notifications/send', { recipient_id: rid, target, ...block });
    expect([res.status, res.body.code]).toEqual([400, code]);
    expect((res.body.errors as JsonBody[]).map((e) => e.property_path)).toEqual(paths);
  });

  it('when a broadcast carries a chat block, then 400 broadcast_chat_not_allowed', async () => {
    const res = await as('POST', '/notifications/send', { recipient_id: null, target, payload: { title: 'x' }, chat });
    expect([res.status, res.body.code]).toEqual([400, 'broadcast_chat_not_allowed']);
  });
});
