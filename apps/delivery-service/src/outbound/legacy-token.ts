import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@herald/service-kit';

/**
 * The token formats signed before service-kit's signed tokens, verified only:
 * `<version>.<base64url JSON payload>.<HMAC-SHA256 over version.payload, with a key derived from the
 * secret for one purpose>`, the optional expiry in the payload's `x` (epoch seconds). Unsubscribe
 * links (`u1`), contact confirmation links (`c1`) and SMS status callbacks (`c1`, another key) already
 * mailed or sent carry them. Remove this once the last of them is past use: unsubscribe links after
 * UNSUBSCRIBE_TTL_DAYS, confirmation links after CONTACT_CONFIRMATION_TTL_HOURS, callbacks once
 * providers have reported the final status of SMS sent before the switch (a week), all counted
 * from the release that signs the new format.
 */
export type LegacyCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: 'invalid' | 'expired' };

const INVALID: LegacyCheck = { ok: false, reason: 'invalid' };

export function createLegacyTokenCheck(secret: string, opts: { purpose: string; version: string; clock: Clock }) {
  const key = createHmac('sha256', secret).update(opts.purpose).digest();
  const macOf = (signed: string) => createHmac('sha256', key).update(signed).digest('base64url');
  return {
    /** Whether `token` is in this legacy format at all (its version prefix). */
    owns: (token: string) => token.startsWith(`${opts.version}.`),
    check(token: string): LegacyCheck {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== opts.version || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) return INVALID;
      if (!timingSafeEqual(Buffer.from(macOf(`${parts[0]}.${parts[1]}`)), Buffer.from(parts[2]))) return INVALID;
      let p: unknown;
      try {
        p = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        return INVALID;
      }
      if (typeof p !== 'object' || p === null || Array.isArray(p)) return INVALID;
      const payload = p as Record<string, unknown>;
      if (payload.x !== undefined && !Number.isSafeInteger(payload.x)) return INVALID;
      if (payload.x !== undefined && (payload.x as number) * 1000 <= opts.clock.now()) return { ok: false, reason: 'expired' };
      return { ok: true, payload };
    },
  };
}
