import { createContactConfirmationTokens } from './contact-confirmation-token';
import { createUnsubscribeTokens } from './unsubscribe-token';

describe('contact confirmation tokens', () => {
  const secret = 's'.repeat(32);
  const tokens = createContactConfirmationTokens(secret);
  const now = new Date('2026-01-01T00:00:00Z');
  const claim = { projectId: 7, recipientId: 'alice', contactId: 12, address: 'alice@example.com', expiresAt: now.getTime() / 1000 + 60 };

  it('when a token is verified before it expires, then it gives back exactly its claim', () => {
    expect(tokens.verify(tokens.sign(claim), now)).toEqual({ ok: true, claim });
  });

  it('when a token has expired, then it is refused as expired', () => {
    expect(tokens.verify(tokens.sign(claim), new Date(now.getTime() + 60_000))).toEqual({ ok: false, why: 'expired' });
  });

  it('when the payload is changed to another address, then the mac no longer matches', () => {
    const [v, , mac] = tokens.sign(claim).split('.');
    const other = tokens.sign({ ...claim, address: 'mallory@example.com' }).split('.')[1];
    expect(tokens.verify(`${v}.${other}.${mac}`, now)).toEqual({ ok: false, why: 'forged' });
  });

  it('when an unsubscribe token of the same secret is presented, then it does not pass (single purpose), nor the reverse', () => {
    const unsubscribe = createUnsubscribeTokens(secret);
    const u = unsubscribe.sign({ projectId: 7, recipientId: 'alice', target: { channel: 'a', topic: 'b', event: 'c' }, expiresAt: claim.expiresAt });
    expect(tokens.verify(u, now).ok).toBe(false);
    // Same version prefix and payload shape would still fail on the purpose-derived key.
    expect(tokens.verify(`c1.${u.split('.')[1]}.${u.split('.')[2]}`, now)).toEqual({ ok: false, why: 'forged' });
    expect(unsubscribe.verify(tokens.sign(claim), now).ok).toBe(false);
  });

  it.each(['', 'c1', 'c1.a.b', 'c2.eyJ9.' + 'a'.repeat(43), 'c1.e%yJ9.' + 'a'.repeat(43)])('when the token is %p, then it is malformed', (t) => {
    expect(tokens.verify(t, now)).toEqual({ ok: false, why: 'malformed' });
  });
});
