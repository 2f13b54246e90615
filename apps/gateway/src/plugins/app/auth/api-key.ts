import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type KeyScope = 'full' | 'recipient';
export const KEY_SCOPES: readonly KeyScope[] = ['full', 'recipient'];

const PREFIX: Record<KeyScope, string> = { full: 'nk_full_', recipient: 'nk_rcpt_' };
/** 32 random bytes: 256 bits of entropy, 43 base64url characters. */
const KEY_BYTES = 32;
const KEY_PATTERN = /^nk_(full|rcpt)_[A-Za-z0-9_-]{43}$/;

/** A new API key: its scope is readable from the prefix; the secret part is never stored. */
export function generateApiKey(scope: KeyScope): string {
  return PREFIX[scope] + randomBytes(KEY_BYTES).toString('base64url');
}

/** What the store keeps of a key: its SHA-256, hex. A fast hash suffices for 256-bit random secrets. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a bearer value has the shape of an API key (saves a store lookup for junk). */
export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** Compares two secrets in constant time (both are hashed first, so lengths never leak). */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}
