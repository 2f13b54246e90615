import crypto from 'node:crypto';
import tls from 'node:tls';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { selfSignedCertificate } = require('./self-signed.cjs') as { selfSignedCertificate: () => { key: string; cert: string } };

describe('the fakes\' self-signed certificate', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['a leading zero byte', [0x00, 0x01]],
    ['a high first byte', [0x80, 0x00]],
    ['zero bytes only', [0x00, 0x00]],
    ['an ordinary first byte', [0x12, 0x34]],
  ])('when the random serial starts with %s, then OpenSSL still reads the certificate and TLS accepts it', (_, head) => {
    const real = crypto.randomBytes;
    jest.spyOn(crypto, 'randomBytes').mockImplementation(((n: number) => {
      const b = real(n);
      b.set(head.slice(0, n));
      return b;
    }) as typeof crypto.randomBytes);
    const { key, cert } = selfSignedCertificate();
    expect(new crypto.X509Certificate(cert).subjectAltName).toContain('localhost');
    expect(() => tls.createSecureContext({ key, cert })).not.toThrow();
  });
});
