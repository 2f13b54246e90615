import { forbiddenHost, isForbiddenAddress } from './address-guard';

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
  it.each(['127.0.0.1', '[::1]', '10.1.2.3', '169.254.169.254', 'localhost', 'LOCALHOST.', 'push.localhost', 'printer.local', 'metadata.google.internal'])(
    'when the host is %s, then it is refused',
    (host) => {
      expect(forbiddenHost(host)).not.toBeNull();
    },
  );

  it.each(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '93.184.216.34', '[2606:4700::1111]'])('when the host is %s, then it is allowed', (host) => {
    expect(forbiddenHost(host)).toBeNull();
  });
});
