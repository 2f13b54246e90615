import { createFakeClock } from '@herald/service-kit';
import { legacyToken } from '../testing/legacy-token';
import { createContactConfirmationTokens } from './contact-confirmation-token';
import { createUnsubscribeTokens } from './unsubscribe-token';

describe('contact confirmation tokens', () => {
  const secret = 's'.repeat(32);
  const setUp = () => {
    const clock = createFakeClock(Date.parse('2026-01-01T00:00:00Z'));
    return { clock, tokens: createContactConfirmationTokens(secret, clock) };
  };
  const claim = { projectId: 7, recipientId: 'alice', contactId: 12, address: 'alice@example.com' };

  it('when a token is verified before it expires, then it gives back exactly its claim', () => {
    const { tokens } = setUp();
    expect(tokens.verify(tokens.sign(claim, 60))).toEqual({ ok: true, claim });
  });

  it('when a token has expired, then it is refused as expired', () => {
    const { clock, tokens } = setUp();
    const token = tokens.sign(claim, 60);
    clock.advance(60_000);
    expect(tokens.verify(token)).toEqual({ ok: false, why: 'expired' });
  });

  it('when the payload is changed to another address, then the mac no longer matches', () => {
    const { tokens } = setUp();
    const [v, , mac] = tokens.sign(claim, 60).split('.');
    const other = tokens.sign({ ...claim, address: 'mallory@example.com' }, 60).split('.')[1];
    expect(tokens.verify(`${v}.${other}.${mac}`)).toEqual({ ok: false, why: 'invalid' });
  });

  it('when an approval of a primary change is signed, then it verifies with its approving address, and it expires like a confirmation', () => {
    const { clock, tokens } = setUp();
    const approval = { ...claim, approvedBy: 'alice-old@example.com' };
    const token = tokens.sign(approval, 60);
    expect(tokens.verify(token)).toEqual({ ok: true, claim: approval });
    clock.advance(60_000);
    expect(tokens.verify(token)).toEqual({ ok: false, why: 'expired' });
  });

  it('when an approval token is changed to drop its approving address, then the mac no longer matches', () => {
    const { tokens } = setUp();
    const [v, , mac] = tokens.sign({ ...claim, approvedBy: 'alice-old@example.com' }, 60).split('.');
    const plain = tokens.sign(claim, 60).split('.')[1];
    expect(tokens.verify(`${v}.${plain}.${mac}`)).toEqual({ ok: false, why: 'invalid' });
  });

  it('when an unsubscribe token of the same secret is presented, then it does not pass (single purpose), nor the reverse', () => {
    const { clock, tokens } = setUp();
    const unsubscribe = createUnsubscribeTokens(secret, clock);
    const u = unsubscribe.sign({ projectId: 7, recipientId: 'alice', target: { channel: 'a', topic: 'b', event: 'c' } }, 60);
    expect(tokens.verify(u)).toEqual({ ok: false, why: 'invalid' });
    expect(unsubscribe.verify(tokens.sign(claim, 60))).toEqual({ ok: false, why: 'invalid' });
  });

  it.each(['', 'c1', 'c1.a.b', 'c2.eyJ9.' + 'a'.repeat(43), 'c1.e%yJ9.' + 'a'.repeat(43)])('when the token is %p, then it is invalid', (t) => {
    expect(setUp().tokens.verify(t)).toEqual({ ok: false, why: 'invalid' });
  });

  describe('links mailed before the switch (c1)', () => {
    const format = { purpose: 'herald contact confirmation v1', version: 'c1' };
    const old = legacyToken(secret, format, { p: 7, r: 'alice', i: 12, a: 'alice@example.com', x: Date.parse('2026-01-01T00:00:00Z') / 1000 + 60 });

    it('when one is verified before it expires, then it still gives back its claim', () => {
      expect(setUp().tokens.verify(old)).toEqual({ ok: true, claim });
    });

    it('when one has expired, then it is refused as expired', () => {
      const { clock, tokens } = setUp();
      clock.advance(60_000);
      expect(tokens.verify(old)).toEqual({ ok: false, why: 'expired' });
    });

    it('when an old unsubscribe link is presented, then it does not pass (the key is derived per purpose)', () => {
      const u = legacyToken(secret, { purpose: 'herald one-click unsubscribe v1', version: 'u1' }, { p: 7, r: 'alice', i: 12, a: 'alice@example.com', x: 2e9 });
      expect(setUp().tokens.verify(`c1.${u.split('.')[1]}.${u.split('.')[2]}`)).toEqual({ ok: false, why: 'invalid' });
    });
  });
});
