import { createHash } from 'node:crypto';
import { LIMITS } from '@herald/contracts';
import { checkRecipientId } from '@herald/service-kit';
import type { Principal } from '../auth/principal';
import type { PeerTracker } from './peer-tracker';
import type { TakeResult, TokenBuckets } from './token-bucket';

/** A recipient's share of its project's rate, for recipient-scoped credentials (at least 1/s, at most the project rate). */
export const RECIPIENT_SHARE = 0.1;

export interface BucketSpec {
  key: string;
  /** Fraction of the project's `rate_limit_per_second`. */
  share: number;
}

/** Recipient ids up to this many characters name their bucket as they are; longer ones by a digest (bounded key size). */
const PLAIN_ID_MAX = 32;

/** The bucket key of one recipient: short whatever the id (a 256-character id is a 22-character digest). */
export const recipientBucketKey = (projectId: number, recipientId: string): string =>
  recipientId.length <= PLAIN_ID_MAX ? `rcpt:${projectId}:${recipientId}` : `rcpt:${projectId}#${createHash('sha256').update(recipientId).digest('base64url').slice(0, 22)}`;

/**
 * Which buckets a request draws from:
 *  - a Full key: its own bucket at the project rate (per key);
 *  - a recipient token, or the Recipient key acting for the recipient in the path: a bucket of that
 *    (project, recipient) at a tenth of the project rate, then one bucket shared by all the
 *    project's recipient-scoped traffic at the project rate (the project-wide cap). One browser
 *    cannot exhaust the project; all of them together still stop at the project's rate.
 * A path id that is no recipient id (too long, control characters; the route refuses it anyway)
 * gets no bucket of its own: the request draws from the project-wide cap only, so junk ids cannot
 * fill the map.
 */
export function bucketsFor(principal: Principal, params: unknown, limitPerSecond: number): BucketSpec[] {
  const recipientShare = Math.min(1, Math.max(RECIPIENT_SHARE, 1 / limitPerSecond));
  const cap = { key: `rscope:${principal.projectId}`, share: 1 };
  if (principal.kind === 'token') {
    return [{ key: recipientBucketKey(principal.projectId, principal.recipientId), share: recipientShare }, cap];
  }
  const recipientId = (params as { recipient_id?: unknown } | undefined)?.recipient_id;
  if (principal.scope === 'recipient' && typeof recipientId === 'string') {
    // (More UTF-16 units than twice the limit is too many code points: refused without counting them.)
    if (recipientId.length > 2 * LIMITS.recipientIdMax || checkRecipientId(recipientId) !== null) return [cap];
    return [{ key: recipientBucketKey(principal.projectId, recipientId), share: recipientShare }, cap];
  }
  return [{ key: `key:${principal.keyId}`, share: 1 }];
}

/**
 * `limit` requests per second with a burst of 2×, across all replicas.
 * Each replica enforces its share, `limit / live replicas`, in a local bucket: no store round trip
 * per request. A load balancer spreading traffic evenly makes the shares add up to the limit.
 * A request drawing from several buckets passes only when every one of them has a token; a token
 * taken from an earlier bucket is given back when a later one refuses, and a bucket made for the
 * refused request is dropped (a refused request leaves nothing behind).
 */
export function createRateLimiter(buckets: TokenBuckets, peers: PeerTracker) {
  const takeAll = (specs: BucketSpec[], limitPerSecond: number): TakeResult => {
    const rate = limitPerSecond / peers.liveReplicas();
    const created: boolean[] = [];
    for (let i = 0; i < specs.length; i++) {
      const r = rate * specs[i].share;
      created[i] = !buckets.has(specs[i].key);
      const result = buckets.take(specs[i].key, r, 2 * r);
      if (!result.allowed) {
        for (let j = 0; j < i; j++) {
          if (created[j]) buckets.forget(specs[j].key);
          else buckets.refund(specs[j].key, 2 * rate * specs[j].share);
        }
        return result;
      }
    }
    return { allowed: true };
  };
  return {
    take(key: string, limitPerSecond: number | null): TakeResult {
      if (limitPerSecond === null) return { allowed: true };
      return takeAll([{ key, share: 1 }], limitPerSecond);
    },
    takeFor(principal: Principal, params: unknown, limitPerSecond: number | null): TakeResult {
      if (limitPerSecond === null) return { allowed: true };
      return takeAll(bucketsFor(principal, params, limitPerSecond), limitPerSecond);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
