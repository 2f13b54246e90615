import { createUnsubscribeTokens } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens('s'.repeat(32));
  const now = new Date('2026-01-01T00:00:00Z');
  const claim = { projectId: 7, recipientId: 'alice', target: { channel: 'ops', topic: 'none', event: 'deploy' }, expiresAt: now.getTime() / 1000 + 60 };

  it('when a token is verified before it expires, then it gives back exactly its claim', () => {
    expect(tokens.verify(tokens.sign(claim), now)).toEqual({ ok: true, claim });
  });

  it('when a token has expired, then it is refused as expired', () => {
    expect(tokens.verify(tokens.sign(claim), new Date(now.getTime() + 61_000))).toEqual({ ok: false, why: 'expired' });
  });

  it('when the payload is changed to another target, then the mac no longer matches', () => {
    const [v, , mac] = tokens.sign(claim).split('.');
    const other = tokens.sign({ ...claim, target: { ...claim.target, event: 'other' } }).split('.')[1];
    expect(tokens.verify(`${v}.${other}.${mac}`, now)).toEqual({ ok: false, why: 'forged' });
  });

  it('when a token was signed with another secret, then it is forged', () => {
    expect(createUnsubscribeTokens('t'.repeat(32)).verify(tokens.sign(claim), now)).toEqual({ ok: false, why: 'forged' });
  });

  it.each(['', 'u1', 'u1.a.b', 'u2.eyJ9.' + 'a'.repeat(43), 'u1.e%yJ9.' + 'a'.repeat(43)])('when the token is %p, then it is malformed', (t) => {
    expect(tokens.verify(t, now)).toEqual({ ok: false, why: 'malformed' });
  });
});
