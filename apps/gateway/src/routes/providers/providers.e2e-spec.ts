import { generateKeyPairSync } from 'node:crypto';
import { call, createProject, TIMESTAMP, type JsonBody, type TestProject } from '../../testing/rest-client';

const pem = (type: 'rsa' | 'ec') =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('providers', () => {
  let p: TestProject;
  const apnsKey = pem('ec');
  const apns = { key_p8: apnsKey, key_id: 'ABC123DEFG', team_id: 'DEF123GHIJ', bundle_id: 'com.example.app', environment: 'sandbox' };
  beforeAll(async () => {
    p = await createProject('providers');
  });

  const put = (name: string, body: unknown, key = p.fullKey) => call('PUT', `/providers/${name}`, { key, body });
  const get = (name: string) => call('GET', `/providers/${name}`, { key: p.fullKey });

  it('when APNs is configured, then it reads back with its public settings and a fingerprint, never the key', async () => {
    const res = await put('apns', apns);
    expect(res.status).toBe(200);
    const shown = { name: 'apns', configured: true, fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), settings: { key_id: 'ABC123DEFG', team_id: 'DEF123GHIJ', bundle_id: 'com.example.app', environment: 'sandbox' }, updated_at: expect.stringMatching(TIMESTAMP) };
    expect(res.body).toEqual({ message: 'Provider saved', data: shown });
    expect((await get('apns')).body).toEqual({ data: res.body.data });
    expect(JSON.stringify((await call('GET', '/providers', { key: p.fullKey })).body)).not.toContain('PRIVATE KEY');
  });

  it('when FCM and Slack are configured, then the list shows all three providers and a new secret changes the fingerprint', async () => {
    const project = await createProject('providers-list');
    const account = { type: 'service_account', project_id: 'herald-demo', client_email: 'push@herald-demo.iam.gserviceaccount.com', private_key: pem('rsa') };
    expect((await put('fcm', { service_account: account }, project.fullKey)).body.data.settings).toEqual({ project_id: 'herald-demo', client_email: account.client_email, token_uri: 'https://oauth2.googleapis.com/token' });
    const first = (await put('slack', { bot_token: 'xoxb-1234567890-abcdefghij' }, project.fullKey)).body.data.fingerprint;
    const second = (await put('slack', { bot_token: 'xoxb-1234567890-klmnopqrst' }, project.fullKey)).body.data.fingerprint;
    expect(second).not.toBe(first);
    const list = (await call('GET', '/providers', { key: project.fullKey })).body.data.providers as JsonBody[];
    expect(list.map((x) => [x.name, x.configured])).toEqual([['fcm', true], ['apns', false], ['slack', true]]);
  });

  it('when a provider is not configured, then it reads back as not configured', async () => {
    const project = await createProject('providers-empty');
    expect((await call('GET', '/providers/slack', { key: project.fullKey })).body).toEqual({ data: { name: 'slack', configured: false, fingerprint: null, settings: {}, updated_at: null } });
  });

  it.each([
    ['an unknown provider', 'teams', { bot_token: 'x' }, 'name'],
    ['an APNs key that is not an EC key', 'apns', { ...apns, key_p8: 'not a key' }, 'key_p8'],
    ['an APNs environment that is neither', 'apns', { ...apns, environment: 'staging' }, 'environment'],
    ['a Slack token that is not a bot token', 'slack', { bot_token: 'xoxp-1234567890-abcdefghij' }, 'bot_token'],
    ['a Slack token far too long', 'slack', { bot_token: `xoxb-${'a'.repeat(5000)}` }, 'bot_token'],
    ['an FCM service account without its key', 'fcm', { service_account: { project_id: 'herald-demo', client_email: 'a@b.c' } }, 'service_account.private_key'],
  ])('when the body has %s, then 400 names the field and echoes no secret', async (_, name, body, field) => {
    const res = await put(name, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: JsonBody) => e.property_path)).toContain(field);
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY|xox[bp]-\w/);
  });

  it('when no key is sent, then 401', async () => {
    expect((await call('PUT', '/providers/slack', { body: { bot_token: 'xoxb-1234567890-abcdefghij' } })).status).toBe(401);
  });
});
