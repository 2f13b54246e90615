import { generateApiKey, hashApiKey, looksLikeApiKey, secretsEqual } from './api-key';

describe('api keys', () => {
  it.each([
    ['full', /^nk_full_[A-Za-z0-9_-]{43}$/],
    ['recipient', /^nk_rcpt_[A-Za-z0-9_-]{43}$/],
  ] as const)('when a %s key is generated, then its prefix shows the scope and it carries 32 random bytes', (scope, pattern) => {
    const key = generateApiKey(scope);
    expect(key).toMatch(pattern);
    expect(Buffer.from(key.slice(8), 'base64url')).toHaveLength(32);
    expect(looksLikeApiKey(key)).toBe(true);
  });

  it('when two keys are generated, then they differ', () => {
    expect(generateApiKey('full')).not.toBe(generateApiKey('full'));
  });

  it('when a key is hashed, then the hash is the hex SHA-256 and never contains the key', () => {
    const key = generateApiKey('full');
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(8));
  });

  it.each(['', 'nk_full_short', 'nk_other_' + 'a'.repeat(43), 'Bearer nk_full_' + 'a'.repeat(43)])(
    'when the value %p is not key-shaped, then it is rejected without a lookup',
    (value) => expect(looksLikeApiKey(value)).toBe(false),
  );

  it('when two secrets are compared, then only equal ones match, whatever their lengths', () => {
    expect(secretsEqual('admin-token-123456', 'admin-token-123456')).toBe(true);
    expect(secretsEqual('admin-token-123456', 'admin-token-123457')).toBe(false);
    expect(secretsEqual('admin-token-123456', 'admin')).toBe(false);
  });
});
