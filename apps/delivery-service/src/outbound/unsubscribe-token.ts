import type { Target } from '../kernel/notification';
import { createSignedLinks, type LinkCheck } from './signed-link';

/**
 * One-click unsubscribe capabilities (RFC 8058): a token names one recipient of one project and one
 * (target, email) pair, and expires. It is `u1.<payload>.<mac>` (see signed-link.ts), its key
 * derived from UNSUBSCRIBE_SECRET for this purpose only. Nothing is stored: a token cannot be
 * revoked before it expires, and using it twice is harmless (the preference is already off).
 */
export interface UnsubscribeClaim {
  projectId: number;
  recipientId: string;
  target: Target;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; why: 'malformed' | 'forged' | 'expired' };

export function createUnsubscribeTokens(secret: string) {
  const links = createSignedLinks(secret, { purpose: 'herald one-click unsubscribe v1', version: 'u1' });
  return {
    sign(claim: UnsubscribeClaim): string {
      return links.sign({ p: claim.projectId, r: claim.recipientId, c: claim.target.channel, t: claim.target.topic, e: claim.target.event }, claim.expiresAt);
    },

    verify(token: string, now: Date): TokenCheck {
      const checked: LinkCheck = links.verify(token, now);
      if (!checked.ok) return checked;
      const p = checked.payload;
      const str = (v: unknown) => typeof v === 'string' && v.length > 0;
      if (!Number.isSafeInteger(p.p) || !str(p.r) || !str(p.c) || !str(p.t) || !str(p.e)) return { ok: false, why: 'malformed' };
      return {
        ok: true,
        claim: { projectId: p.p as number, recipientId: p.r as string, target: { channel: p.c as string, topic: p.t as string, event: p.e as string }, expiresAt: p.x as number },
      };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/**
 * One-click unsubscribe links (PUBLIC_BASE_URL + UNSUBSCRIBE_SECRET); absent when either is not
 * configured, and then mails carry no List-Unsubscribe header.
 */
export interface UnsubscribeLinks {
  tokens: UnsubscribeTokens;
  baseUrl: string;
  ttlSeconds: number;
}
