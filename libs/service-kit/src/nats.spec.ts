import { natsConnectOptions } from './nats';

describe('NATS connection options', () => {
  it('when no user is configured, then the connection carries no credentials (the local stack)', () => {
    const opts = natsConnectOptions('nats://a:4222,nats://b:4222', 'gateway');
    expect(opts.servers).toEqual(['nats://a:4222', 'nats://b:4222']);
    expect(opts).not.toHaveProperty('user');
    expect(opts).not.toHaveProperty('pass');
    expect(opts).not.toHaveProperty('inboxPrefix');
  });

  it('when NATS_USER and NATS_PASSWORD are configured, then the connection authenticates as that user and takes its replies on its own inbox prefix', () => {
    expect(natsConnectOptions('nats://n:4222', 'delivery-service', { user: 'delivery-service', password: 'pw' })).toMatchObject({
      user: 'delivery-service',
      pass: 'pw',
      inboxPrefix: '_INBOX_delivery-service',
    });
  });

  it('when only one of them is set, then it refuses (a half-configured user would fail at the server)', () => {
    expect(() => natsConnectOptions('nats://n:4222', 'x', { user: 'u' })).toThrow(/NATS_USER and NATS_PASSWORD/);
    expect(() => natsConnectOptions('nats://n:4222', 'x', { password: 'p' })).toThrow(/NATS_USER and NATS_PASSWORD/);
  });
});
