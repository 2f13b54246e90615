import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Recipient tokens: stateless bearer credentials bound to one recipient of one project.
 * Format: `nk_tok_<payload>.<signature>`, where payload is base64url(JSON {p, r, e, k, c}) (project
 * id, recipient id, expiry in Unix seconds, id of the minting key, the recipient's incarnation) and
 * signature is base64url(HMAC-SHA256(secret, payload)).
 *
 * `k` and `c` bind the token to things that can be revoked: the token stops working when the key
 * that minted it is revoked, and when its recipient is deleted (a re-created recipient of the same
 * id is another incarnation). Tokens minted before these claims existed (no `k`/`c`) are refused.
 */
export interface RecipientTokenClaims {
  projectId: number;
  recipientId: string;
  /** Expiry, Unix seconds. */
  expiresAt: number;
  /** Id of the API key that minted the token. */
  keyId: number;
  /** The recipient's incarnation when the token was minted: its `created_at`, Unix milliseconds. */
  incarnation: number;
}

export const TOKEN_PREFIX = 'nk_tok_';

export type TokenCheck = { ok: true; claims: RecipientTokenClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' | 'outdated' };

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signRecipientToken(secret: string, claims: RecipientTokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ p: claims.projectId, r: claims.recipientId, e: claims.expiresAt, k: claims.keyId, c: claims.incarnation })).toString('base64url');
  return `${TOKEN_PREFIX}${payload}.${sign(secret, payload).toString('base64url')}`;
}

export function isRecipientToken(value: string): boolean {
  return value.startsWith(TOKEN_PREFIX);
}

/** Checks signature first (constant time), then shape, then expiry against `nowSeconds`. */
export function verifyRecipientToken(secret: string, token: string, nowSeconds: number): TokenCheck {
  if (!isRecipientToken(token)) return { ok: false, reason: 'malformed' };
  const [payload, signature, ...rest] = token.slice(TOKEN_PREFIX.length).split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { p, r, e, k, c } = (raw ?? {}) as { p?: unknown; r?: unknown; e?: unknown; k?: unknown; c?: unknown };
  if (!Number.isSafeInteger(p) || typeof r !== 'string' || !Number.isSafeInteger(e)) return { ok: false, reason: 'malformed' };
  if ((e as number) <= nowSeconds) return { ok: false, reason: 'expired' };
  // Minted before tokens were bound to their key and recipient: refused (see docs/security.md).
  if (k === undefined && c === undefined) return { ok: false, reason: 'outdated' };
  if (!Number.isSafeInteger(k) || !Number.isSafeInteger(c)) return { ok: false, reason: 'malformed' };
  return { ok: true, claims: { projectId: p as number, recipientId: r, expiresAt: e as number, keyId: k as number, incarnation: c as number } };
}
