import { createHmac } from 'node:crypto';
import { signRecipientToken, verifyRecipientToken } from './recipient-token';

const secret = 's'.repeat(32);
const claims = { projectId: 7, recipientId: 'alice@example', expiresAt: 1_000, keyId: 12, incarnation: 1_735_689_600_123 };

describe('recipient tokens', () => {
  it('when a token is signed and verified before expiry, then the claims come back', () => {
    const token = signRecipientToken(secret, claims);
    expect(token).toMatch(/^nk_tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyRecipientToken(secret, token, 999)).toEqual({ ok: true, claims });
  });

  it('when the expiry has passed, then the token is expired', () => {
    const token = signRecipientToken(secret, claims);
    expect(verifyRecipientToken(secret, token, 1_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('when another secret signed it, then the signature is refused', () => {
    const token = signRecipientToken('x'.repeat(32), claims);
    expect(verifyRecipientToken(secret, token, 0)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('when the payload is altered (another recipient), then the signature is refused', () => {
    const token = signRecipientToken(secret, claims);
    const forged = Buffer.from(JSON.stringify({ p: 7, r: 'mallory', e: 1_000, k: 12, c: 1_735_689_600_123 })).toString('base64url');
    const tampered = `nk_tok_${forged}.${token.split('.')[1]}`;
    expect(verifyRecipientToken(secret, tampered, 0)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each(['nk_tok_', 'nk_tok_abc', 'nk_tok_a.b.c', 'nk_full_abc.def'])('when the token %p is malformed, then it is refused', (token) => {
    expect(verifyRecipientToken(secret, token, 0).ok).toBe(false);
  });

  it('when a correctly signed payload has the wrong shape, then it is malformed', () => {
    const payload = Buffer.from(JSON.stringify({ p: '7', r: 'a', e: 5, k: 1, c: 1 })).toString('base64url');
    const sig = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(verifyRecipientToken(secret, `nk_tok_${payload}.${sig}`, 0)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('when a correctly signed token predates the key and recipient binding (no k, c), then it is outdated', () => {
    const payload = Buffer.from(JSON.stringify({ p: 7, r: 'a', e: 5 })).toString('base64url');
    const sig = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(verifyRecipientToken(secret, `nk_tok_${payload}.${sig}`, 0)).toEqual({ ok: false, reason: 'outdated' });
  });
});
