import { KNOWN_EXAMPLE_SECRETS, readConfig } from './config';

const base = { MONGO_URL: 'mongodb://db', NATS_URL: 'nats://nats', ADMIN_TOKEN: 'a1'.repeat(12), TOKEN_SECRET: 's2'.repeat(20), SERVICE_TOKEN: 't3'.repeat(20) };

describe('gateway config', () => {
  it('when the secrets are generated ones, then the gateway starts with them', () => {
    expect(readConfig(base)).toMatchObject({ ADMIN_TOKEN: base.ADMIN_TOKEN, TOKEN_SECRET: base.TOKEN_SECRET, ALLOW_DEV_SECRETS: false });
  });

  it.each([
    ['ADMIN_TOKEN', 'dev-admin-token-change-me'],
    ['TOKEN_SECRET', 'dev-token-secret-change-me-0123456789abcdef'],
    ['ADMIN_TOKEN', 'please-CHANGE_ME-0123456789'],
  ])('when %s is a published example value (%s), then the gateway refuses to start', (key, value) => {
    expect(() => readConfig({ ...base, [key]: value })).toThrow(new RegExp(`${key}: a published example value`));
    expect(() => readConfig({ ...base, [key]: value, NODE_ENV: 'production' })).toThrow(/published example value/);
  });

  it('when every committed example is tried, then each one is refused', () => {
    for (const value of KNOWN_EXAMPLE_SECRETS) {
      expect(() => readConfig({ ...base, ADMIN_TOKEN: value, TOKEN_SECRET: value.padEnd(32, '0') })).toThrow(/ADMIN_TOKEN: a published/);
    }
  });

  it('when a local development stack says so, then example secrets are accepted', () => {
    const example = { ...base, ADMIN_TOKEN: 'dev-admin-token-change-me', TOKEN_SECRET: 'dev-token-secret-change-me-0123456789abcdef' };
    expect(readConfig({ ...example, NODE_ENV: 'development' }).ADMIN_TOKEN).toBe('dev-admin-token-change-me');
    expect(readConfig({ ...example, ALLOW_DEV_SECRETS: 'true' }).TOKEN_SECRET).toBe(example.TOKEN_SECRET);
  });

  it('when nothing sets it, then metrics listen on their own port 9100, not the public one', () => {
    const config = readConfig(base);
    expect(config.METRICS_PORT).toBe(9100);
    expect(config.METRICS_PORT).not.toBe(config.PORT);
  });
});
