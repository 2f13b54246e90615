import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring, single-purpose link tokens (one-click unsubscribe, contact confirmation): a
 * token is `<version>.<payload>.<mac>`; the payload is base64url JSON with the expiry `x` (seconds
 * since the epoch), the mac HMAC-SHA256 over `<version>.<payload>` with a key derived from the
 * secret for one purpose only, so a token signed for one purpose never passes for another (nor does
 * any other credential signed with that secret). Nothing is stored: a token cannot be revoked
 * before it expires.
 */
export type LinkCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; why: 'malformed' | 'forged' | 'expired' };

const macOf = (key: Buffer, signed: string) => createHmac('sha256', key).update(signed).digest('base64url');

export function createSignedLinks(secret: string, opts: { purpose: string; version: string }) {
  const key = createHmac('sha256', secret).update(opts.purpose).digest();
  return {
    /** `payload` must not use the key `x`: it carries the expiry. */
    sign(payload: Record<string, unknown>, expiresAt: number): string {
      const signed = `${opts.version}.${Buffer.from(JSON.stringify({ ...payload, x: expiresAt })).toString('base64url')}`;
      return `${signed}.${macOf(key, signed)}`;
    },

    verify(token: string, now: Date): LinkCheck {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== opts.version || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) {
        return { ok: false, why: 'malformed' };
      }
      const expected = Buffer.from(macOf(key, `${parts[0]}.${parts[1]}`));
      if (!timingSafeEqual(expected, Buffer.from(parts[2]))) return { ok: false, why: 'forged' };
      let p: unknown;
      try {
        p = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        return { ok: false, why: 'malformed' };
      }
      if (typeof p !== 'object' || p === null || Array.isArray(p)) return { ok: false, why: 'malformed' };
      const payload = p as Record<string, unknown>;
      if (!Number.isSafeInteger(payload.x)) return { ok: false, why: 'malformed' };
      if ((payload.x as number) * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, payload };
    },
  };
}
