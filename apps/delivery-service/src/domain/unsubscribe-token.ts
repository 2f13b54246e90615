import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Target } from './notification';

/**
 * One-click unsubscribe capabilities (RFC 8058): a token names one recipient of one project and one
 * (target, email) pair, and expires. It is `u1.<payload>.<mac>`: the payload is base64url JSON, the
 * mac HMAC-SHA256 over `u1.<payload>` with a key derived from UNSUBSCRIBE_SECRET for this purpose
 * only, so no other credential signed with that secret can pass for it. Nothing is stored: a token
 * cannot be revoked before it expires, and using it twice is harmless (the preference is already off).
 */
export interface UnsubscribeClaim {
  projectId: number;
  recipientId: string;
  target: Target;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; why: 'malformed' | 'forged' | 'expired' };

const VERSION = 'u1';
const keyOf = (secret: string) => createHmac('sha256', secret).update('herald one-click unsubscribe v1').digest();
const macOf = (key: Buffer, signed: string) => createHmac('sha256', key).update(signed).digest('base64url');

export function createUnsubscribeTokens(secret: string) {
  const key = keyOf(secret);
  return {
    sign(claim: UnsubscribeClaim): string {
      const payload = Buffer.from(
        JSON.stringify({ p: claim.projectId, r: claim.recipientId, c: claim.target.channel, t: claim.target.topic, e: claim.target.event, x: claim.expiresAt }),
      ).toString('base64url');
      const signed = `${VERSION}.${payload}`;
      return `${signed}.${macOf(key, signed)}`;
    },

    verify(token: string, now: Date): TokenCheck {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== VERSION || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) {
        return { ok: false, why: 'malformed' };
      }
      const expected = Buffer.from(macOf(key, `${parts[0]}.${parts[1]}`));
      if (!timingSafeEqual(expected, Buffer.from(parts[2]))) return { ok: false, why: 'forged' };
      let p: Record<string, unknown>;
      try {
        p = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        return { ok: false, why: 'malformed' };
      }
      const str = (v: unknown) => typeof v === 'string' && v.length > 0;
      if (!Number.isSafeInteger(p.p) || !str(p.r) || !str(p.c) || !str(p.t) || !str(p.e) || !Number.isSafeInteger(p.x)) return { ok: false, why: 'malformed' };
      const claim: UnsubscribeClaim = {
        projectId: p.p as number,
        recipientId: p.r as string,
        target: { channel: p.c as string, topic: p.t as string, event: p.e as string },
        expiresAt: p.x as number,
      };
      if (claim.expiresAt * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, claim };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
