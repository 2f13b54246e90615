import fs from 'node:fs';
import webpush from 'web-push';
import { DeliveryFailure } from '../../kernel/outbound';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createWebPushSender, topicOf } from './web-push-sender';

// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { selfSignedCertificate } = require('../../../../../tools/smtp-sink/self-signed.cjs') as { selfSignedCertificate(o: { commonName: string }): { key: string; cert: string } };

// Web push against the sink's fake push service: the fake verifies the VAPID JWT and
// decrypts the aes128gcm body with the private key of the subscription it made (a browser's role),
// so a payload only arrives when Herald encrypted it for exactly that subscription.

const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as DeliveryFailure);

describe('web push sender against the fake push service', () => {
  let sink: SmtpSink;
  let ca: string;
  const vapid = webpush.generateVAPIDKeys();
  const senders: { close?(): void }[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
    ca = fs.readFileSync(sink.pushCaFile, 'utf8');
  });
  afterAll(async () => {
    for (const s of senders) s.close?.();
    await sink.stop();
  });
  const sender = (keys = vapid, over: Partial<Parameters<typeof createWebPushSender>[0]> = {}) => {
    const s = createWebPushSender({ vapid: { ...keys, subject: 'mailto:ops@herald.test' }, ttlSeconds: 3600, urgency: 'high', timeoutMs: 5_000, allowedHosts: ['*'], allowPrivate: true, extraCa: ca, ...over });
    senders.push(s);
    return s;
  };
  const mine = async (endpoint: string) => (await sink.push.received()).filter((p) => p.endpoint === endpoint);

  it('when a payload is pushed, then the push service decrypts exactly it with the subscription key, with TTL, urgency and topic', async () => {
    const sub = await sink.push.subscribe(vapid.publicKey);
    const payload = { title: 'Deploy finished', body: 'v1.4.2 is live ✅', url: 'https://app.example/d/7', notification_id: 7 };
    const r = await sender().send({ subscription: JSON.stringify(sub), payload: JSON.stringify(payload), tag: 'deploy-7' });
    expect(r.messageId).toMatch(/\/push\/messages\/\d+$/);
    expect(await mine(sub.endpoint)).toEqual([expect.objectContaining({ payload, ttl: 3600, urgency: 'high', topic: topicOf('deploy-7') })]);
  });

  it("when the payload is encrypted for other keys (a subscription whose keys are not the endpoint's), then the push service cannot decrypt it and nothing arrives", async () => {
    const sub = await sink.push.subscribe();
    const other = await sink.push.subscribe();
    const err = await failureOf(sender().send({ subscription: JSON.stringify({ ...sub, keys: other.keys }), payload: '{"title":"x"}' }));
    expect(err!.kind).toBe('rejected');
    expect(err!.message).toMatch(/^push service answered 400: .*cannot decrypt/);
    expect(await mine(sub.endpoint)).toHaveLength(0);
  });

  it('when the VAPID key is not the one the subscription was made for, then the push service refuses it (403) and nothing arrives', async () => {
    const sub = await sink.push.subscribe(vapid.publicKey);
    const err = await failureOf(sender(webpush.generateVAPIDKeys()).send({ subscription: JSON.stringify(sub), payload: '{}' }));
    expect(err!.kind).toBe('rejected');
    expect(err!.message).toContain('403');
    expect(err!.message).not.toContain(vapid.privateKey);
    expect(await mine(sub.endpoint)).toHaveLength(0);
  });

  it('when the subscription is gone (410) or unknown (404), then the failure is expired', async () => {
    const sub = await sink.push.subscribe();
    await sink.push.control({ expire: sub.endpoint });
    expect((await failureOf(sender().send({ subscription: JSON.stringify(sub), payload: '{}' })))!.kind).toBe('expired');
    const unknown = { ...sub, endpoint: sub.endpoint.replace(/[^/]+$/, 'nobody') };
    expect((await failureOf(sender().send({ subscription: JSON.stringify(unknown), payload: '{}' })))!.kind).toBe('expired');
  });

  it('when the push service answers 429 with Retry-After, then it is transient with that delay; 413 is rejected; 503 transient', async () => {
    const sub = await sink.push.subscribe();
    await sink.push.control({ fail_next: 1, status: 429 });
    const busy = await failureOf(sender().send({ subscription: JSON.stringify(sub), payload: '{}' }));
    expect([busy!.kind, busy!.retryAfterMs]).toEqual(['transient', 1000]);
    await sink.push.control({ fail_next: 1, status: 413 });
    expect((await failureOf(sender().send({ subscription: JSON.stringify(sub), payload: '{}' })))!.kind).toBe('rejected');
    await sink.push.control({ fail_next: 1, status: 503 });
    expect((await failureOf(sender().send({ subscription: JSON.stringify(sub), payload: '{}' })))!.kind).toBe('transient');
    expect(await mine(sub.endpoint)).toHaveLength(0);
  });

  it('when private addresses are not allowed, then an endpoint on 127.0.0.1 is refused before any request', async () => {
    const sub = await sink.push.subscribe();
    const err = await failureOf(sender(vapid, { allowPrivate: false }).send({ subscription: JSON.stringify(sub), payload: '{}' }));
    expect(err!.kind).toBe('rejected');
    expect(err!.message).toContain('PUSH_ALLOW_PRIVATE');
    expect(await mine(sub.endpoint)).toHaveLength(0);
  });

  it('when the fake push service certificate is not trusted, then the push fails transiently (TLS) and nothing arrives', async () => {
    const sub = await sink.push.subscribe();
    const err = await failureOf(sender(vapid, { extraCa: undefined }).send({ subscription: JSON.stringify(sub), payload: '{}' }));
    expect(err!.kind).toBe('transient');
    expect(await mine(sub.endpoint)).toHaveLength(0);
  });

  it('when the extra certificate authority is another one than the push service’s, then the push still fails transiently (TLS) and nothing arrives', async () => {
    const sub = await sink.push.subscribe();
    const other = selfSignedCertificate({ commonName: 'localhost' }).cert;
    const err = await failureOf(sender(vapid, { extraCa: other }).send({ subscription: JSON.stringify(sub), payload: '{}' }));
    expect(err!.kind).toBe('transient');
    expect(await mine(sub.endpoint)).toHaveLength(0);
  });
});
