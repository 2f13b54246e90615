import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Recipient tokens: stateless bearer credentials bound to one recipient of one project.
 * Format: `nk_tok_<payload>.<signature>`, where payload is base64url(JSON {p, r, e}) (project id,
 * recipient id, expiry in Unix seconds) and signature is base64url(HMAC-SHA256(secret, payload)).
 */
export interface RecipientTokenClaims {
  projectId: number;
  recipientId: string;
  /** Expiry, Unix seconds. */
  expiresAt: number;
}

export const TOKEN_PREFIX = 'nk_tok_';

export type TokenCheck = { ok: true; claims: RecipientTokenClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signRecipientToken(secret: string, claims: RecipientTokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ p: claims.projectId, r: claims.recipientId, e: claims.expiresAt })).toString('base64url');
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
  const { p, r, e } = (raw ?? {}) as { p?: unknown; r?: unknown; e?: unknown };
  if (!Number.isSafeInteger(p) || typeof r !== 'string' || !Number.isSafeInteger(e)) return { ok: false, reason: 'malformed' };
  if ((e as number) <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { projectId: p as number, recipientId: r, expiresAt: e as number } };
}
