import { createSignedTokens, type Clock } from '@herald/service-kit';
import type { Target } from '../kernel/notification';
import { createLegacyTokenCheck } from './legacy-token';

/**
 * One-click unsubscribe capabilities (RFC 8058): a token names one recipient of one project and one
 * (target, email) pair, and expires. It is a service-kit signed token (purpose
 * `unsubscribe`) signed with UNSUBSCRIBE_SECRET. Nothing is stored: a token cannot be revoked
 * before it expires, and using it twice is harmless (the preference is already off).
 */
export interface UnsubscribeClaim {
  projectId: number;
  recipientId: string;
  target: Target;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; why: 'invalid' | 'expired' };

const PURPOSE = 'unsubscribe';

export function createUnsubscribeTokens(secret: string, clock: Clock) {
  const tokens = createSignedTokens({ secret, clock });
  const legacy = createLegacyTokenCheck(secret, { purpose: 'herald one-click unsubscribe v1', version: 'u1', clock });
  return {
    sign(claim: UnsubscribeClaim, ttlSeconds: number): string {
      return tokens.sign(PURPOSE, { project: claim.projectId, recipient: claim.recipientId, channel: claim.target.channel, topic: claim.target.topic, event: claim.target.event }, ttlSeconds);
    },

    verify(token: string): TokenCheck {
      if (legacy.owns(token)) {
        const old = legacy.check(token);
        return old.ok ? claimOf({ project: old.payload.p, recipient: old.payload.r, channel: old.payload.c, topic: old.payload.t, event: old.payload.e }) : { ok: false, why: old.reason };
      }
      const checked = tokens.check(PURPOSE, token);
      return checked.ok ? claimOf(checked.claims) : { ok: false, why: checked.reason };
    },
  };
}

function claimOf(c: Record<string, unknown>): TokenCheck {
  const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
  if (!Number.isSafeInteger(c.project) || !str(c.recipient) || !str(c.channel) || !str(c.topic) || !str(c.event)) return { ok: false, why: 'invalid' };
  return { ok: true, claim: { projectId: c.project as number, recipientId: c.recipient, target: { channel: c.channel, topic: c.topic, event: c.event } } };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/**
 * One-click unsubscribe links (PUBLIC_BASE_URL + UNSUBSCRIBE_SECRET); absent when either is not
 * configured, and then mails carry no List-Unsubscribe header.
 */
export interface UnsubscribeLinks {
  tokens: UnsubscribeTokens;
  baseUrl: string;
  ttlSeconds: number;
}
