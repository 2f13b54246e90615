import { createSignedTokens, type Clock } from '@herald/service-kit';
import { createLegacyTokenCheck } from './legacy-token';

/**
 * Capabilities of SMS status callbacks: the URL an SMS provider calls back carries a token naming
 * the one notification whose SMS it may move from `sent` to `delivered` or `undelivered`: a
 * service-kit signed token (purpose `sms-status-callback`, no expiry) signed with CALLBACK_SECRET.
 * Any provider can be given such a URL (no provider-specific signature scheme is needed), and a
 * forged callback cannot name another notification. Nothing is stored; a replay is harmless (the
 * outcome changes only from `sent`, and only for the provider's own message id).
 */
export interface CallbackClaim {
  projectId: number;
  notificationId: number;
}

const PURPOSE = 'sms-status-callback';

export function createCallbackTokens(secret: string, clock: Clock) {
  const tokens = createSignedTokens({ secret, clock });
  const legacy = createLegacyTokenCheck(secret, { purpose: 'herald sms status callback v1', version: 'c1', clock });
  return {
    sign(claim: CallbackClaim): string {
      return tokens.sign(PURPOSE, { project: claim.projectId, notification: claim.notificationId });
    },

    /** The claim of a genuine token; null for anything else. */
    verify(token: string): CallbackClaim | null {
      if (legacy.owns(token)) {
        const old = legacy.check(token);
        return old.ok ? claimOf({ project: old.payload.p, notification: old.payload.n }) : null;
      }
      const checked = tokens.check(PURPOSE, token);
      return checked.ok ? claimOf(checked.claims) : null;
    },
  };
}

function claimOf(c: Record<string, unknown>): CallbackClaim | null {
  return Number.isSafeInteger(c.project) && Number.isSafeInteger(c.notification) ? { projectId: c.project as number, notificationId: c.notification as number } : null;
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
