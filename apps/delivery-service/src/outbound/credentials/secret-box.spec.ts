import { randomBytes } from 'node:crypto';
import { createSecretBox, parseSecretKey } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('when a secret is sealed, then it opens in the same context and is not readable sealed', () => {
    const sealed = box.seal('xoxb-secret', '1/slack');
    expect(sealed).not.toContain('xoxb');
    expect(box.open(sealed, '1/slack')).toBe('xoxb-secret');
  });

  it('when a sealed secret is opened in another context or with another key, then it throws', () => {
    const sealed = box.seal('xoxb-secret', '1/slack');
    expect(() => box.open(sealed, '2/slack')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, '1/slack')).toThrow();
  });

  it.each([
    ['64 hex digits', 'ab'.repeat(32), true],
    ['base64 of 32 bytes', randomBytes(32).toString('base64'), true],
    ['16 bytes', 'ab'.repeat(16), false],
    ['nothing', '', false],
  ])('when the key is %s, then it parses: %s', (_, text, ok) => {
    expect(parseSecretKey(text) !== null).toBe(ok);
  });
});
