import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '@herald/timing';

/**
 * The one signed-token format (unsubscribe links, provider callbacks, contact confirmations):
 *
 *   v1.<base64url(JSON {p: purpose, e?: expiry in epoch seconds, ...claims})>.<base64url(HMAC-SHA256)>
 *
 * The HMAC covers `v1.<payload>`. A token signed for one purpose never verifies for another, and
 * `verify` answers null (never throws) for anything it cannot vouch for: another version, a bad
 * signature, another purpose, an expired token, or text that is not a token at all. `check` says
 * which: `expired` for a genuine token of that purpose past its expiry, `invalid` for everything else.
 */
export type Claims = Record<string, string | number>;

export type TokenCheck = { ok: true; claims: Claims } | { ok: false; reason: 'invalid' | 'expired' };

export interface SignedTokens {
  /** `ttlSeconds` omitted: the token never expires. */
  sign(purpose: string, claims: Claims, ttlSeconds?: number): string;
  /** The claims (without purpose and expiry) of a valid token for `purpose`, else null. */
  verify(purpose: string, token: string): Claims | null;
  /** As `verify`, telling an expired token from an invalid one. */
  check(purpose: string, token: string): TokenCheck;
}

const VERSION = 'v1';
const RESERVED = new Set(['p', 'e']);
const INVALID: TokenCheck = { ok: false, reason: 'invalid' };

export function createSignedTokens({ secret, clock = systemClock }: { secret: string; clock?: Clock }): SignedTokens {
  if (!secret) throw new Error('signed tokens need a non-empty secret');
  const mac = (signed: string) => createHmac('sha256', secret).update(signed).digest();
  const tokens: SignedTokens = {
    sign(purpose, claims, ttlSeconds) {
      const reserved = Object.keys(claims).find((k) => RESERVED.has(k));
      if (reserved) throw new Error(`claim name "${reserved}" is reserved`);
      const body = { p: purpose, ...(ttlSeconds === undefined ? {} : { e: Math.floor(clock.now() / 1000) + ttlSeconds }), ...claims };
      const signed = `${VERSION}.${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
      return `${signed}.${mac(signed).toString('base64url')}`;
    },
    verify(purpose, token) {
      const checked = tokens.check(purpose, token);
      return checked.ok ? checked.claims : null;
    },
    check(purpose, token) {
      const parts = typeof token === 'string' ? token.split('.') : [];
      if (parts.length !== 3 || parts[0] !== VERSION) return INVALID;
      const signed = `${parts[0]}.${parts[1]}`;
      const given = Buffer.from(parts[2], 'base64url');
      const expected = mac(signed);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;
      const body = parseObject(Buffer.from(parts[1], 'base64url').toString('utf8'));
      if (!body || body.p !== purpose) return INVALID;
      if (body.e !== undefined && typeof body.e !== 'number') return INVALID;
      const claims: Claims = {};
      for (const [k, v] of Object.entries(body)) {
        if (RESERVED.has(k)) continue;
        if (typeof v !== 'string' && typeof v !== 'number') return INVALID;
        claims[k] = v;
      }
      if (body.e !== undefined && clock.now() >= body.e * 1000) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
  return tokens;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
