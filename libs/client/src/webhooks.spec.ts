import { verifyWebhook, WebhookVerificationError } from './index';

// The Standard Webhooks specification's published test vector (as in libs/webhook-signature), checked
// through the client package's entry: what an SDK user imports.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const headers = { 'webhook-id': VECTOR.id, 'webhook-timestamp': String(VECTOR.timestamp), 'webhook-signature': VECTOR.signature };
const now = () => VECTOR.timestamp * 1000;

describe('@herald/client verifyWebhook', () => {
  it('when given the specification vector, then it verifies and returns the parsed body', () => {
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, { now })).toEqual({ test: 2432232314 });
  });

  it('when the body was altered, then it throws WebhookVerificationError', () => {
    expect(() => verifyWebhook(VECTOR.secret, headers, '{"test": 2432232315}', { now })).toThrow(WebhookVerificationError);
  });
});
