import { createPrivateKey, sign } from 'node:crypto';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS: ES256 signatures in the IEEE P1363 form JOSE uses, RS256 in PKCS#1 v1.5. */
export function signJwt(alg: 'ES256' | 'RS256', header: Record<string, string>, claims: Record<string, unknown>, pem: string): string {
  const signed = `${part({ alg, typ: 'JWT', ...header })}.${part(claims)}`;
  const key = createPrivateKey(pem);
  const signature = alg === 'ES256' ? sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }) : sign('sha256', Buffer.from(signed), key);
  return `${signed}.${signature.toString('base64url')}`;
}

/** Keeps one value per key and makes it again once it is older than `maxAgeMs`. */
export function createAgedCache<T>(maxAgeMs: number, now: () => number) {
  const held = new Map<string, { value: T; at: number }>();
  return async (key: string, make: () => Promise<T> | T): Promise<T> => {
    const hit = held.get(key);
    if (hit && now() - hit.at < maxAgeMs) return hit.value;
    const value = await make();
    held.set(key, { value, at: now() });
    return value;
  };
}
