import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Capabilities of SMS status callbacks: the URL an SMS provider calls back carries a
 * token naming the one notification whose SMS it may move from `sent` to `delivered` or
 * `undelivered`. It is `c1.<payload>.<mac>`, the payload base64url JSON `{p, n}` (project,
 * notification), the mac HMAC-SHA256 over `c1.<payload>` with a key derived from CALLBACK_SECRET for
 * this purpose only. Any provider can be given such a URL (no provider-specific signature scheme is
 * needed), and a forged callback cannot name another notification. Nothing is stored; a replay is
 * harmless (the outcome changes only from `sent`, and only for the provider's own message id).
 */
export interface CallbackClaim {
  projectId: number;
  notificationId: number;
}

const VERSION = 'c1';
const keyOf = (secret: string) => createHmac('sha256', secret).update('herald sms status callback v1').digest();
const macOf = (key: Buffer, signed: string) => createHmac('sha256', key).update(signed).digest('base64url');

export function createCallbackTokens(secret: string) {
  const key = keyOf(secret);
  return {
    sign(claim: CallbackClaim): string {
      const signed = `${VERSION}.${Buffer.from(JSON.stringify({ p: claim.projectId, n: claim.notificationId })).toString('base64url')}`;
      return `${signed}.${macOf(key, signed)}`;
    },

    /** The claim of a genuine token; null for anything else. */
    verify(token: string): CallbackClaim | null {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== VERSION || !/^[A-Za-z0-9_-]{1,200}$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) return null;
      if (!timingSafeEqual(Buffer.from(macOf(key, `${parts[0]}.${parts[1]}`)), Buffer.from(parts[2]))) return null;
      try {
        const p = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
        if (!Number.isSafeInteger(p.p) || !Number.isSafeInteger(p.n)) return null;
        return { projectId: p.p as number, notificationId: p.n as number };
      } catch {
        return null;
      }
    },
  };
}

export type CallbackTokens = ReturnType<typeof createCallbackTokens>;

/**
 * SMS status callbacks (PUBLIC_BASE_URL + CALLBACK_SECRET): each SMS names
 * `<baseUrl>/callbacks/sms/<token>` as its status callback; absent: no callbacks are asked for
 * and SMS outcomes stay `sent`.
 */
export interface SmsCallbackLinks {
  tokens: CallbackTokens;
  baseUrl: string;
}
