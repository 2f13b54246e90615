import { createHmac } from 'node:crypto';
import { createFakeClock } from '@herald/timing';
import { createSignedTokens } from './signed-token';

const secret = 'test secret';

function setUp() {
  const clock = createFakeClock(Date.UTC(2026, 0, 1));
  return { clock, tokens: createSignedTokens({ secret, clock }) };
}

/** A token in the v1 format over any body, signed with `key`. */
function forge(body: unknown, key = secret, version = 'v1'): string {
  const signed = `${version}.${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

describe('createSignedTokens', () => {
  it('when a token is verified for its purpose, then it gives back the claims', () => {
    const { tokens } = setUp();
    const token = tokens.sign('unsubscribe', { projectId: 7, recipientId: 'alice' }, 3_600);
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(tokens.verify('unsubscribe', token)).toEqual({ projectId: 7, recipientId: 'alice' });
  });

  it('when the token carries the agreed body, then its payload is {p, e, ...claims}', () => {
    const { clock, tokens } = setUp();
    const payload = tokens.sign('confirm', { c: 'x' }, 60).split('.')[1];
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ p: 'confirm', e: clock.now() / 1000 + 60, c: 'x' });
  });

  it.each([
    ['1 s before expiry', 3_599_000, true],
    ['at expiry', 3_600_000, false],
    ['after expiry', 7_200_000, false],
  ])('when checked %s, then it verifies: %p', (_, laterMs, valid) => {
    const { clock, tokens } = setUp();
    const token = tokens.sign('callback', { id: 'm1' }, 3_600);
    clock.advance(laterMs);
    expect(tokens.verify('callback', token) !== null).toBe(valid);
  });

  it('when signed without a ttl, then it never expires', () => {
    const { clock, tokens } = setUp();
    const token = tokens.sign('callback', { id: 'm1' });
    clock.advance(10 * 365 * 86_400_000);
    expect(tokens.verify('callback', token)).toEqual({ id: 'm1' });
  });

  const { tokens: good } = setUp();
  const valid = good.sign('unsubscribe', { r: 'alice' }, 60);
  const [, payload, sig] = valid.split('.');
  it.each([
    ['another purpose', 'confirm', valid],
    ['another version', 'unsubscribe', `v2.${payload}.${sig}`],
    ['a changed payload', 'unsubscribe', `v1.${Buffer.from('{"p":"unsubscribe","r":"bob"}').toString('base64url')}.${sig}`],
    ['a truncated signature', 'unsubscribe', `v1.${payload}.${sig.slice(0, 10)}`],
    ['another secret', 'unsubscribe', forge({ p: 'unsubscribe', r: 'alice' }, 'other secret')],
    ['a body that is not an object', 'unsubscribe', forge(['unsubscribe'])],
    ['a body that is not JSON', 'unsubscribe', `v1.${Buffer.from('{').toString('base64url')}.${createHmac('sha256', secret).update(`v1.${Buffer.from('{').toString('base64url')}`).digest('base64url')}`],
    ['a claim that is not a string or number', 'unsubscribe', forge({ p: 'unsubscribe', r: { $ne: 1 } })],
    ['an expiry that is not a number', 'unsubscribe', forge({ p: 'unsubscribe', e: 'never' })],
    ['two parts', 'unsubscribe', `v1.${payload}`],
    ['four parts', 'unsubscribe', `${valid}.x`],
    ['an empty string', 'unsubscribe', ''],
    ['garbage', 'unsubscribe', '%%%.%%%.%%%'],
  ])('when given %s, then verify answers null without throwing', (_, purpose, token) => {
    expect(good.verify(purpose, token)).toBeNull();
    expect(good.check(purpose, token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('when a genuine token is checked, then check gives its claims; past its expiry, it answers expired', () => {
    const { clock, tokens } = setUp();
    const token = tokens.sign('unsubscribe', { r: 'alice' }, 60);
    expect(tokens.check('unsubscribe', token)).toEqual({ ok: true, claims: { r: 'alice' } });
    clock.advance(60_000);
    expect(tokens.check('unsubscribe', token)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.check('confirm', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('when an expired token was tampered with, then check answers invalid, not expired', () => {
    const { clock, tokens } = setUp();
    const [, body] = tokens.sign('unsubscribe', { r: 'alice' }, 60).split('.');
    clock.advance(120_000);
    expect(tokens.check('unsubscribe', forge(JSON.parse(Buffer.from(body, 'base64url').toString()), 'other secret'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('when a claim is named p or e, then sign refuses it', () => {
    const { tokens } = setUp();
    expect(() => tokens.sign('x', { p: 'other' })).toThrow('reserved');
    expect(() => tokens.sign('x', { e: 1 })).toThrow('reserved');
  });

  it('when the secret is empty, then creating the tokens fails', () => {
    expect(() => createSignedTokens({ secret: '' })).toThrow('secret');
  });
});
