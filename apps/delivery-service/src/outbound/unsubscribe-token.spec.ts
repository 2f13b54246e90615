import { createFakeClock } from '@herald/service-kit';
import { legacyToken } from '../testing/legacy-token';
import { createUnsubscribeTokens } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const secret = 's'.repeat(32);
  const setUp = () => {
    const clock = createFakeClock(Date.parse('2026-01-01T00:00:00Z'));
    return { clock, tokens: createUnsubscribeTokens(secret, clock) };
  };
  const claim = { projectId: 7, recipientId: 'alice', target: { channel: 'ops', topic: 'none', event: 'deploy' } };

  it('when a token is verified before it expires, then it gives back exactly its claim', () => {
    const { tokens } = setUp();
    const token = tokens.sign(claim, 60);
    expect(token).toMatch(/^v1\./);
    expect(tokens.verify(token)).toEqual({ ok: true, claim });
  });

  it('when a token has expired, then it is refused as expired', () => {
    const { clock, tokens } = setUp();
    const token = tokens.sign(claim, 60);
    clock.advance(61_000);
    expect(tokens.verify(token)).toEqual({ ok: false, why: 'expired' });
  });

  it('when the payload is changed to another target, then the mac no longer matches', () => {
    const { tokens } = setUp();
    const [v, , mac] = tokens.sign(claim, 60).split('.');
    const other = tokens.sign({ ...claim, target: { ...claim.target, event: 'other' } }, 60).split('.')[1];
    expect(tokens.verify(`${v}.${other}.${mac}`)).toEqual({ ok: false, why: 'invalid' });
  });

  it('when a token was signed with another secret, then it is invalid', () => {
    const { clock, tokens } = setUp();
    expect(createUnsubscribeTokens('t'.repeat(32), clock).verify(tokens.sign(claim, 60))).toEqual({ ok: false, why: 'invalid' });
  });

  it.each(['', 'u1', 'u1.a.b', 'v1', 'v1.a.b', 'u2.eyJ9.' + 'a'.repeat(43), 'u1.e%yJ9.' + 'a'.repeat(43)])('when the token is %p, then it is invalid', (t) => {
    expect(setUp().tokens.verify(t)).toEqual({ ok: false, why: 'invalid' });
  });

  describe('links mailed before the switch (u1)', () => {
    const format = { purpose: 'herald one-click unsubscribe v1', version: 'u1' };
    const expiry = Date.parse('2026-01-01T00:00:00Z') / 1000 + 60;
    const old = legacyToken(secret, format, { p: 7, r: 'alice', c: 'ops', t: 'none', e: 'deploy', x: expiry });

    it('when one is verified before it expires, then it still gives back its claim', () => {
      expect(setUp().tokens.verify(old)).toEqual({ ok: true, claim });
    });

    it('when one has expired, then it is refused as expired', () => {
      const { clock, tokens } = setUp();
      clock.advance(60_000);
      expect(tokens.verify(old)).toEqual({ ok: false, why: 'expired' });
    });

    it('when one was signed with another secret, then it is invalid', () => {
      expect(setUp().tokens.verify(legacyToken('t'.repeat(32), format, { p: 7, r: 'alice', c: 'ops', t: 'none', e: 'deploy', x: expiry }))).toEqual({ ok: false, why: 'invalid' });
    });
  });
});
