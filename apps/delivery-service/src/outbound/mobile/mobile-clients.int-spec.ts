import { generateKeyPairSync } from 'node:crypto';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { APNS_ORIGINS, createApnsClient, type ApnsClient, type ApnsSettings } from './apns-client';
import { createFcmClient, type FcmSettings } from './fcm-client';
import { MOBILE_PAYLOAD_MAX_BYTES } from './mobile-payload';

// FCM and APNs clients against the sink's fakes: the APNs fake checks the ES256 provider token
// against its own key, the apns-topic and the device token; the FCM fake issues access tokens for a
// well-formed assertion and takes messages only with one.

const apnsToken = (n: number) => n.toString(16).padStart(64, '0');
const fcmToken = (n: number) => `fcm-device-${n}:APA91b${'x'.repeat(40)}`;
const block = { title: 'Deploy finished', body: 'api v42 is live', data: { deploy: '42' }, badge: 3, collapseKey: 'deploys', ttlSeconds: 600 };

describe('mobile push clients against the fakes', () => {
  let sink: SmtpSink;
  let apns: ApnsClient;
  let apnsSettings: ApnsSettings;
  let fcmSettings: FcmSettings;
  const fcm = () => createFcmClient({ baseUrl: `${sink.apiUrl}/fcm`, timeoutMs: 5_000, now: Date.now });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sink.apiUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.json() as Promise<Record<string, unknown> & Record<string, unknown>[]>;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    const key = (await api('GET', '/apns/key')) as unknown as { key_p8: string; key_id: string; team_id: string; origin: string };
    const ca = await (await fetch(`${sink.apiUrl}/apns/ca.pem`)).text();
    apns = createApnsClient({ origins: { production: key.origin, sandbox: key.origin }, ca, timeoutMs: 5_000, now: Date.now });
    apnsSettings = { key_p8: key.key_p8, key_id: key.key_id, team_id: key.team_id, bundle_id: 'com.example.app', environment: 'sandbox' };
    const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    fcmSettings = { project_id: 'herald-demo', client_email: 'push@herald-demo.iam.gserviceaccount.com', private_key: privateKey, token_uri: `${sink.apiUrl}/fcm/token` };
  });
  afterAll(async () => {
    apns.close();
    await sink.stop();
  });

  it('when APNs accepts a push, then the fake received the alert, badge, data, topic, collapse id and expiry', async () => {
    expect(await apns.send(apnsSettings, apnsToken(1), block)).toEqual({ kind: 'sent', id: expect.any(String) });
    const received = (await api('GET', '/apns')) as unknown as Record<string, unknown>[];
    expect(received.at(-1)).toMatchObject({ to: apnsToken(1), title: 'Deploy finished', body: 'api v42 is live', topic: 'com.example.app', collapse_id: 'deploys', raw: { deploy: '42', aps: { badge: 3 } } });
  });

  it('when the APNs provider token is signed by another key, then the push fails with InvalidProviderToken', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const client = createApnsClient({ origins: { production: APNS_ORIGINS.production, sandbox: (await api('GET', '/apns/key')).origin as string }, ca: await (await fetch(`${sink.apiUrl}/apns/ca.pem`)).text(), timeoutMs: 5_000, now: Date.now });
    expect(await client.send({ ...apnsSettings, key_p8: other }, apnsToken(2), block)).toEqual({ kind: 'failed', status: 403, reason: 'InvalidProviderToken' });
    client.close();
  });

  it('when a device is gone, then APNs answers gone (410) and FCM answers gone (UNREGISTERED)', async () => {
    await api('POST', '/apns/control', { gone: apnsToken(3) });
    await api('POST', '/fcm/control', { gone: fcmToken(3) });
    expect(await apns.send(apnsSettings, apnsToken(3), block)).toEqual({ kind: 'gone', reason: 'Unregistered' });
    expect(await fcm().send(fcmSettings, fcmToken(3), block)).toEqual({ kind: 'gone', reason: 'UNREGISTERED' });
  });

  it('when the service answers 429 with Retry-After, then the result asks to retry after that delay; 500 asks to retry without one', async () => {
    await api('POST', '/apns/control', { fail_next: 1, status: 429, retry_after: 7 });
    expect(await apns.send(apnsSettings, apnsToken(4), block)).toEqual({ kind: 'retry', status: 429, reason: 'TooManyRequests', retryAfterMs: 7_000 });
    await api('POST', '/fcm/control', { fail_next: 1, status: 500 });
    expect(await fcm().send(fcmSettings, fcmToken(4), block)).toEqual({ kind: 'retry', status: 500, reason: '500', retryAfterMs: null });
  });

  it('when FCM accepts messages, then the fake received each with its Android options', async () => {
    const client = fcm();
    expect(await client.send(fcmSettings, fcmToken(5), block)).toEqual({ kind: 'sent', id: expect.stringMatching(/^projects\/herald-demo\/messages\//) });
    expect(await client.send(fcmSettings, fcmToken(6), block)).toMatchObject({ kind: 'sent' });
    // The fake records a message before it answers.
    const received = (await api('GET', '/fcm')) as unknown as { to: string; title: string; raw: { android?: unknown } }[];
    expect(received.filter((m) => [fcmToken(5), fcmToken(6)].includes(m.to)).map((m) => m.title)).toEqual(['Deploy finished', 'Deploy finished']);
    expect(received.at(-1)?.raw.android).toEqual({ collapse_key: 'deploys', ttl: '600s' });
  });

  it('when a payload is larger than the services accept, then the send is refused before any request', async () => {
    const big = { ...block, body: 'x'.repeat(MOBILE_PAYLOAD_MAX_BYTES) };
    await expect(apns.send(apnsSettings, apnsToken(7), big)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(fcm().send(fcmSettings, fcmToken(7), big)).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('when the service is slower than the deadline, then the push is cut off and asks to retry', async () => {
    await api('POST', '/apns/control', { slow_ms: 1_500 });
    const impatient = createApnsClient({ origins: { production: APNS_ORIGINS.production, sandbox: (await api('GET', '/apns/key')).origin as string }, ca: await (await fetch(`${sink.apiUrl}/apns/ca.pem`)).text(), timeoutMs: 300, now: Date.now });
    try {
      expect(await impatient.send(apnsSettings, apnsToken(8), block)).toMatchObject({ kind: 'retry', status: 0 });
    } finally {
      impatient.close();
      await api('POST', '/apns/control', { slow_ms: 0 });
    }
  });
});
