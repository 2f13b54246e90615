import { createBoundedMap, systemClock, type Clock } from '@herald/service-kit';
import webpush from 'web-push';

export interface VapidKeys {
  /** base64url, uncompressed P-256 point (what browsers take as `applicationServerKey`). */
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact for the push services (RFC 8292 `sub`). */
  subject: string;
}

/** How long a signed VAPID JWT is valid (its `exp`; RFC 8292 allows at most 24 h). */
export const VAPID_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** How long before its `exp` a JWT is signed afresh, so no push service ever sees one about to expire. */
export const VAPID_RENEW_BEFORE_MS = 60 * 60 * 1000;
/** Push service origins kept at once (a handful in practice: the browsers' push services). */
const MAX_ORIGINS = 256;

/** The `Authorization` header of a push service's requests (RFC 8292, `vapid t=<JWT>, k=<public key>`), by origin and key. */
export type VapidHeaders = (origin: string, vapid: VapidKeys) => string;

/**
 * The VAPID `Authorization` header, signed (ES256) once per push service origin and VAPID key and
 * reused until `VAPID_RENEW_BEFORE_MS` before its `exp`: a message then pays only its encryption,
 * not a signature. The JWT's `aud` is the origin, `exp` the signing time plus `VAPID_LIFETIME_MS`.
 */
export function createVapidHeaders(clock: Clock = systemClock): VapidHeaders {
  const signed = createBoundedMap<string, { header: string; renewAtMs: number }>(MAX_ORIGINS);
  return (origin, vapid) => {
    const key = `${origin} ${vapid.publicKey}`;
    const now = clock.now();
    const cached = signed.get(key);
    if (cached && now < cached.renewAtMs) return cached.header;
    const expiresAt = Math.floor((now + VAPID_LIFETIME_MS) / 1000);
    const header = webpush.getVapidHeaders(origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiresAt).Authorization;
    signed.set(key, { header, renewAtMs: expiresAt * 1000 - VAPID_RENEW_BEFORE_MS });
    return header;
  };
}
