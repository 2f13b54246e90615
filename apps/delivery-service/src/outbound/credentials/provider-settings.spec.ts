import { generateKeyPairSync } from 'node:crypto';
import { fingerprintOf, parseProviderSettings } from './provider-settings';

const pem = (type: 'rsa' | 'ec') =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 1024 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('provider settings', () => {
  const ec = pem('ec');
  const rsa = pem('rsa');
  const apns = { key_p8: ec, key_id: 'ABC123DEFG', team_id: 'DEF123GHIJ', bundle_id: 'com.example.app', environment: 'production' };
  const account = { project_id: 'herald-demo', client_email: 'push@herald-demo.iam.gserviceaccount.com', private_key: rsa };

  it('when APNs settings are valid, then the key is stored and only the ids are shown', () => {
    expect(parseProviderSettings('apns', JSON.stringify(apns))).toEqual({ stored: apns, shown: { key_id: 'ABC123DEFG', team_id: 'DEF123GHIJ', bundle_id: 'com.example.app', environment: 'production' } });
  });

  it('when the FCM service account comes as text, then it is read like the object, with Google as the default token endpoint', () => {
    const settings = parseProviderSettings('fcm', JSON.stringify({ service_account: JSON.stringify(account) }));
    expect(settings).toEqual({ stored: { ...account, token_uri: 'https://oauth2.googleapis.com/token' }, shown: { project_id: 'herald-demo', client_email: account.client_email, token_uri: 'https://oauth2.googleapis.com/token' } });
  });

  it.each([
    ['apns', { ...apns, key_p8: rsa }, ['key_p8']],
    ['apns', { ...apns, key_id: 'short', team_id: undefined }, ['key_id', 'team_id']],
    ['fcm', { service_account: { ...account, private_key: ec } }, ['service_account.private_key']],
    ['fcm', { service_account: '{not json' }, ['service_account']],
    ['slack', { bot_token: 'xoxa-1234567890' }, ['bot_token']],
  ] as const)('when %s settings are %j, then the violations name %j and carry no secret', (name, body, fields) => {
    const result = parseProviderSettings(name, JSON.stringify(body));
    expect(Array.isArray(result) && result.map((v) => v.property_path)).toEqual(fields);
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
  });

  it('when two settings differ, then their fingerprints differ; the same settings give the same one', () => {
    expect(fingerprintOf({ bot_token: 'a' })).toBe(fingerprintOf({ bot_token: 'a' }));
    expect(fingerprintOf({ bot_token: 'a' })).not.toBe(fingerprintOf({ bot_token: 'b' }));
  });
});
