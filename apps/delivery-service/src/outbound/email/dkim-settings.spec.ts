import { generateKeyPairSync } from 'node:crypto';
import { dkimSettings } from './dkim-settings';

describe('dkimSettings', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const none = { DKIM_DOMAIN: '', DKIM_SELECTOR: '', DKIM_PRIVATE_KEY: '' };

  it('when nothing is set, then mail is not signed', () => {
    expect(dkimSettings(none)).toBeUndefined();
  });

  it('when all three are set, then the key is taken, one-line escapes undone', () => {
    const s = dkimSettings({ DKIM_DOMAIN: 'Mail.Example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: rsa.replace(/\n/g, '\\n') });
    expect(s).toEqual({ domainName: 'mail.example.com', keySelector: 's1', privateKey: rsa });
  });

  it.each([
    ['only the domain', { ...none, DKIM_DOMAIN: 'example.com' }, /go together/],
    ['a domain with one label', { DKIM_DOMAIN: 'localhost', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: rsa }, /DKIM_DOMAIN/],
    ['a selector with a space', { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's 1', DKIM_PRIVATE_KEY: rsa }, /DKIM_SELECTOR/],
    ['a key that is not PEM', { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: 'secret-text' }, /not a PEM private key/],
  ])('when %s is given, then start-up is refused', (_what, config, message) => {
    expect(() => dkimSettings(config)).toThrow(message);
  });

  it('when the key is not RSA, then start-up is refused without showing the key', () => {
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => dkimSettings({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: ed })).toThrow(/must be an RSA key$/);
  });
});
