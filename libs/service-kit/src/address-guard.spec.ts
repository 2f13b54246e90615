import { ForbiddenAddressError, forbiddenHost, guardedLookup, isForbiddenAddress } from './address-guard';

describe('address guard (webhooks, web push endpoints)', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not-an-ip',
  ])('when the address is %s, then it is refused', (a) => {
    expect(isForbiddenAddress(a)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('when the address is public (%s), then it is allowed', (a) => {
    expect(isForbiddenAddress(a)).toBe(false);
  });
});

describe('forbiddenHost (a URL host judged without resolving it)', () => {
  it.each([
    ['127.0.0.1', 'address'],
    ['[::1]', 'address'],
    ['10.1.2.3', 'address'],
    ['169.254.169.254', 'address'],
    ['localhost', 'local name'],
    ['LOCALHOST.', 'local name'],
    ['mongo', 'local name'],
    ['delivery-service', 'local name'],
    ['Nats.', 'local name'],
    ['push.localhost', 'local name'],
    ['printer.local', 'local name'],
    ['metadata.google.internal', 'local name'],
    ['db.internal.', 'local name'],
    ['delivery-service.herald.svc', 'local name'],
    ['mongo.herald.svc.cluster.local', 'local name'],
    ['kubernetes.default.svc.cluster.local.', 'local name'],
    ['api.cluster.local', 'local name'],
  ])('when the host is %s, then it is refused (%s)', (host, why) => {
    expect(forbiddenHost(host)).toContain(why);
  });

  it.each(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'wns2-par02p.notify.windows.com', 'hooks.example.com', 'svc.example.com', 'local.example.io', '93.184.216.34', '[2606:4700::1111]'])(
    'when the host is %s, then it is allowed',
    (host) => {
      expect(forbiddenHost(host)).toBeNull();
    },
  );
});

describe('a refused connection\'s error (read by API callers)', () => {
  it('when an address is refused, then the message says so without naming it, and how to allow it', () => {
    const err = new ForbiddenAddressError('10.1.2.3', 'PUSH_ALLOW_PRIVATE=1');
    expect(err.message).toBe('address not allowed: the host is loopback, private, link-local or reserved (PUSH_ALLOW_PRIVATE=1 allows it)');
    expect(err.address).toBe('10.1.2.3');
  });

  it('when a name resolves only to forbidden addresses, then the lookup fails without the resolved address in its message', async () => {
    const err = await new Promise<Error | null>((resolve) => guardedLookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err).toBeInstanceOf(ForbiddenAddressError);
    expect(err!.message).toMatch(/^address not allowed: /);
    expect(err!.message).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
