import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a texted code works. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong codes a code survives: the one after the last is refused as dead. */
export const CODE_TRIES = 5;

/** A code as kept: its keyed hash, the number it was texted to, the wrong tries so far, its end. */
export interface StoredCode {
  address: string;
  codeHash: string;
  tries: number;
  expiresAt: Date;
}

/** What a typed code is worth against the stored one. */
export type CodeVerdict = 'ok' | 'wrong' | 'expired' | 'dead' | 'none';

/** A new 6-digit code, uniformly drawn. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The code's keyed hash: HMAC-SHA256 under the server's secret over the contact and the code, so a
 * read of the store does not give the code (6 digits are too few for a plain hash) and a hash of
 * one contact's code is worth nothing for another.
 */
export function hashCode(secret: string, contactKey: string, code: string): string {
  return createHmac('sha256', secret).update(`contact-code|${contactKey}|${code}`).digest('base64url');
}

/** Judges a typed code (as its hash): no code, expired, dead (no tries left), right or wrong. */
export function judgeCode(stored: StoredCode | null, givenHash: string, now: Date): CodeVerdict {
  if (!stored) return 'none';
  if (now.getTime() >= stored.expiresAt.getTime()) return 'expired';
  if (stored.tries >= CODE_TRIES) return 'dead';
  const a = Buffer.from(stored.codeHash);
  const b = Buffer.from(givenHash);
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'wrong';
}
