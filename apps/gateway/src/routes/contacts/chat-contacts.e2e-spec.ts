import { call, createProject, uniqueId, type TestProject, type JsonBody } from '../../testing/rest-client';

const SLACK_HOOK = 'https://hooks.slack.com/services/T000/B000/XXXX';
const TEAMS_HOOK = 'https://contoso.webhook.office.com/webhookb2/abc@def/IncomingWebhook/123/456';
const DISCORD_HOOK = 'https://discord.com/api/webhooks/123456/token-abc';

describe('chat contacts', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('chat-contacts');
  });

  const newRecipient = async () => {
    const id = uniqueId('team');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    return id;
  };
  const add = (rid: string, body: unknown, key = p.fullKey) => call('POST', `/recipients/${rid}/contacts`, { key, body });
  const list = async (rid: string) => (await call('GET', `/recipients/${rid}/contacts`, { key: p.fullKey })).body.data.contacts as JsonBody[];
  const tokenOf = async (rid: string) => (await call('POST', `/recipients/${rid}/tokens`, { key: p.fullKey, body: { ttl_seconds: 600 } })).body.data.token as string;

  it.each([
    ['slack', 'C0123456789'],
    ['slack', SLACK_HOOK],
    ['teams', TEAMS_HOOK],
    ['discord', DISCORD_HOOK],
  ])('when a %s chat contact %s is added with a key, then 201 with its provider', async (provider, address) => {
    const rid = await newRecipient();
    const res = await add(rid, { medium: 'chat', provider, address, is_primary: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ medium: 'chat', provider, address, is_primary: true });
    expect(await list(rid)).toEqual([res.body.data]);
  });

  it('when the primary chat contact is set with PUT, then it carries its provider', async () => {
    const rid = await newRecipient();
    const res = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'chat', provider: 'discord', address: DISCORD_HOOK } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ medium: 'chat', provider: 'discord', address: DISCORD_HOOK, is_primary: true });
  });

  it.each([
    ['no provider', { medium: 'chat', address: 'C0123456789' }, 'provider'],
    ['an unknown provider', { medium: 'chat', provider: 'irc', address: 'C0123456789' }, 'provider'],
    ['a provider on another medium', { medium: 'sms', provider: 'slack', address: '+4915112345678' }, 'provider'],
    ['a channel name', { medium: 'chat', provider: 'slack', address: '#general' }, 'address'],
    ['a channel id for teams', { medium: 'chat', provider: 'teams', address: 'C0123456789' }, 'address'],
    ['a host outside the allow-list', { medium: 'chat', provider: 'slack', address: 'https://hooks.slack.example/services/T/B/X' }, 'address'],
    ['a private host', { medium: 'chat', provider: 'discord', address: 'https://10.0.0.1/api/webhooks/1/t' }, 'address'],
    ['plain http', { medium: 'chat', provider: 'slack', address: 'http://hooks.slack.com/services/T/B/X' }, 'address'],
    ['credentials in the URL', { medium: 'chat', provider: 'discord', address: 'https://u:p@discord.com/api/webhooks/1/t' }, 'address'],
    ["another provider's webhook path", { medium: 'chat', provider: 'discord', address: 'https://discord.com/services/T/B/X' }, 'address'],
  ])('when a chat contact has %s, then 400 naming %s', async (_, body, field) => {
    const rid = await newRecipient();
    const res = await add(rid, body);
    expect(res.status).toBe(400);
    expect((res.body.errors as JsonBody[]).map((v) => v.property_path)).toEqual([field]);
    expect(await list(rid)).toEqual([]);
  });

  it('when a recipient token adds or sets a chat contact, then 403 and nothing is written', async () => {
    const rid = await newRecipient();
    const token = await tokenOf(rid);
    const added = await add(rid, { medium: 'chat', provider: 'slack', address: 'C0123456789' }, token);
    const set = await call('PUT', `/recipients/${rid}/contacts`, { key: token, body: { medium: 'chat', provider: 'slack', address: 'C0123456789' } });
    expect([added.status, set.status]).toEqual([403, 403]);
    expect(added.body.code).toBe('chat_contact_needs_key');
    expect(await list(rid)).toEqual([]);
  });

  it('when a recipient token lists the contacts, then a webhook URL shows only its origin; a key sees it whole', async () => {
    const rid = await newRecipient();
    await add(rid, { medium: 'chat', provider: 'discord', address: DISCORD_HOOK });
    await add(rid, { medium: 'chat', provider: 'slack', address: 'C0123456789' });
    const mine = await call('GET', `/recipients/${rid}/contacts`, { key: await tokenOf(rid) });
    expect((mine.body.data.contacts as JsonBody[]).map((c) => c.address)).toEqual(['https://discord.com/…', 'C0123456789']);
    expect((await list(rid)).map((c) => c.address)).toEqual([DISCORD_HOOK, 'C0123456789']);
  });

  it('when a recipient token changes a chat contact, then 403 and the address stays', async () => {
    const rid = await newRecipient();
    const contact = (await add(rid, { medium: 'chat', provider: 'slack', address: 'C0123456789' })).body.data;
    const res = await call('PATCH', `/recipients/${rid}/contacts/${contact.id}`, { key: await tokenOf(rid), body: { address: 'C9876543210' } });
    expect(res.status).toBe(403);
    expect(await list(rid)).toEqual([contact]);
  });

  it('when the recipient is erased, then its chat contacts go with it (a recipient of the same id starts without them)', async () => {
    const rid = await newRecipient();
    await add(rid, { medium: 'chat', provider: 'discord', address: DISCORD_HOOK, is_primary: true });
    expect((await call('DELETE', `/recipients/${rid}`, { key: p.fullKey })).status).toBe(200);
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: rid } })).status).toBe(201);
    expect(await list(rid)).toEqual([]);
  });

  it('when a key changes a slack contact to a webhook URL, then it is checked with its provider', async () => {
    const rid = await newRecipient();
    const contact = (await add(rid, { medium: 'chat', provider: 'slack', address: 'C0123456789' })).body.data;
    const bad = await call('PATCH', `/recipients/${rid}/contacts/${contact.id}`, { key: p.fullKey, body: { address: DISCORD_HOOK } });
    expect(bad.status).toBe(400);
    const good = await call('PATCH', `/recipients/${rid}/contacts/${contact.id}`, { key: p.fullKey, body: { address: SLACK_HOOK } });
    expect([good.status, good.body.data.address, good.body.data.provider]).toEqual([200, SLACK_HOOK, 'slack']);
  });
});
