import { newWebhookSecret, signWebhook, verifyWebhook, WebhookVerificationError } from './index';

// The Standard Webhooks specification's published test vector (standard-webhooks repository,
// libraries/javascript/src/webhook.test.ts "sign function works", and spec/standard-webhooks.md).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const at = (seconds: number) => () => seconds * 1000;
const headersOf = (signature: string, timestamp = VECTOR.timestamp, id = VECTOR.id) => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
});

describe('Standard Webhooks signatures', () => {
  it('when signing the specification vector, then the signature is the published one', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('when verifying the specification vector (with or without the whsec_ prefix), then it passes and returns the body', () => {
    expect(verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature), VECTOR.body, { now: at(VECTOR.timestamp + 10) })).toEqual({ test: 2432232314 });
    expect(verifyWebhook(VECTOR.secret.slice(6), headersOf(VECTOR.signature), VECTOR.body, { now: at(VECTOR.timestamp) })).toEqual({ test: 2432232314 });
  });

  it('when headers come as a Fetch Headers object, then they are read too', () => {
    const h = new Headers(headersOf(VECTOR.signature));
    expect(verifyWebhook(VECTOR.secret, h, VECTOR.body, { now: at(VECTOR.timestamp) })).toEqual({ test: 2432232314 });
  });

  it('when the body, id or secret differ, then verification fails', () => {
    const now = { now: at(VECTOR.timestamp) };
    expect(() => verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature), '{"test": 2432232315}', now)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature, VECTOR.timestamp, 'msg_other'), VECTOR.body, now)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(newWebhookSecret(), headersOf(VECTOR.signature), VECTOR.body, now)).toThrow('No matching signature');
  });

  it('when the timestamp is more than 5 minutes away, then verification fails', () => {
    expect(() => verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature), VECTOR.body, { now: at(VECTOR.timestamp + 301) })).toThrow('too old');
    expect(() => verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature), VECTOR.body, { now: at(VECTOR.timestamp - 301) })).toThrow('too old');
  });

  it('when a header is missing or malformed, then verification fails', () => {
    const now = { now: at(VECTOR.timestamp) };
    const { 'webhook-id': _id, ...noId } = headersOf(VECTOR.signature);
    expect(() => verifyWebhook(VECTOR.secret, noId, VECTOR.body, now)).toThrow('Missing');
    expect(() => verifyWebhook(VECTOR.secret, { ...headersOf(VECTOR.signature), 'webhook-timestamp': 'hello' }, VECTOR.body, now)).toThrow('Invalid');
    expect(() => verifyWebhook(VECTOR.secret, headersOf('v1,'), VECTOR.body, now)).toThrow('No matching');
    expect(() => verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature.slice(0, 8)), VECTOR.body, now)).toThrow('No matching');
    expect(() => verifyWebhook(VECTOR.secret, headersOf(VECTOR.signature.replace('v1,', 'v2,')), VECTOR.body, now)).toThrow('No matching');
  });

  it('when two secrets sign (rotation), then either secret verifies the space-separated header', () => {
    const fresh = newWebhookSecret();
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const both = signWebhook([fresh, VECTOR.secret], VECTOR.id, VECTOR.timestamp, VECTOR.body);
    expect(both.split(' ')).toHaveLength(2);
    expect(both.split(' ')[1]).toBe(VECTOR.signature);
    for (const s of [fresh, VECTOR.secret]) expect(verifyWebhook(s, headersOf(both), VECTOR.body, { now: at(VECTOR.timestamp) })).toEqual({ test: 2432232314 });
  });
});
