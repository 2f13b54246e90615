import type { Db } from 'mongodb';
import { outcomeField, type OutboundMedium } from '../kernel/outbound';
import { createExpiryIndex, pruneExpiredBatch } from '../kernel/store/expiry';
import { insertManyFates } from '../kernel/store/insert-fates';
import { retryBusy } from '../kernel/store/store-retry';

/**
 * Who is sending one attempt of one outbound message, until when. Appended, never updated on the
 * usual path: `_id` is `<field>:<notification id>:<attempts before this one>`, so the unique `_id`
 * lets one worker take an attempt and a second insert of it is refused as a duplicate.
 */
interface ClaimDoc {
  _id: string;
  claim: string;
  lease_until: Date;
  /** When the housekeeping pass removes it (a claim is only consulted while its attempt is pending). */
  expires_at: Date;
}

/** A pending message to claim: its notification and how many attempts it has had. */
export interface ClaimRequest {
  id: number;
  attempts: number;
}

/** What a claim call left: the messages this claim holds, and the lease end of those another claim holds. */
export interface ClaimResult {
  held: Set<number>;
  /** Held after retaking a claim whose lease had passed: their state may have moved since it was read. */
  retaken: Set<number>;
  heldElsewhere: Map<number, Date>;
}

/** One sender's claim call: its messages, its claim (unique per batch) and its lease end. */
export interface ClaimCall {
  requests: ClaimRequest[];
  claim: string;
  leaseUntil: Date;
}

/** Claims are kept a day (long past any lease), then pruned. */
const CLAIM_RETENTION_MS = 24 * 60 * 60 * 1000;

const claimKey = (medium: OutboundMedium, r: ClaimRequest) => `${outcomeField(medium)}:${r.id}:${r.attempts}`;

/** The claims of outbound messages (collection `outbound_claims`): taken by batched inserts, retaken only after a lease. */
export function createOutboundClaims(db: Db) {
  const col = db.collection<ClaimDoc>('outbound_claims');

  /** Takes over those of `keys` whose lease has passed; which of them `claim` now holds. */
  async function retakeExpired(keys: string[], claim: string, leaseUntil: Date, now: Date): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    await retryBusy(() => col.updateMany({ _id: { $in: keys }, lease_until: { $lte: now } }, { $set: { claim, lease_until: leaseUntil } }));
    const mine = await col.find({ _id: { $in: keys }, claim }, { projection: { _id: 1 } }).toArray();
    return new Set(mine.map((d) => d._id));
  }

  /** The claims' inserts of several calls in one `insertMany`; each call's refused ones settled on their own. */
  async function claimEach(medium: OutboundMedium, calls: ClaimCall[], now: Date): Promise<ClaimResult[]> {
    const results = calls.map((): ClaimResult => ({ held: new Set(), retaken: new Set(), heldElsewhere: new Map() }));
    const expiresAt = new Date(now.getTime() + CLAIM_RETENTION_MS);
    const wanted = calls.flatMap((c, call) => c.requests.map((r) => ({ call, r, doc: { _id: claimKey(medium, r), claim: c.claim, lease_until: c.leaseUntil, expires_at: expiresAt } })));
    if (wanted.length === 0) return results;
    const fates = await insertManyFates(col, wanted.map((w) => w.doc));
    const refused = calls.map((): ClaimRequest[] => []);
    wanted.forEach((w, i) => (fates.inserted.has(i) ? results[w.call].held.add(w.r.id) : refused[w.call].push(w.r)));
    await Promise.all(calls.map((c, i) => settleRefused(medium, refused[i], c, now, results[i])));
    return results;
  }

  /** Refused inserts: another claim has the attempt, retaken only when its lease has passed (its worker died). */
  async function settleRefused(medium: OutboundMedium, refused: ClaimRequest[], call: ClaimCall, now: Date, result: ClaimResult): Promise<void> {
    if (refused.length === 0) return;
    const { claim, leaseUntil } = call;
    const existing = new Map((await col.find({ _id: { $in: refused.map((r) => claimKey(medium, r)) } }).toArray()).map((d) => [d._id, d]));
    // A retried insert may have written this claim's own document before the refusal.
    const own = refused.filter((r) => existing.get(claimKey(medium, r))?.claim === claim);
    own.forEach((r) => result.held.add(r.id));
    const expired = refused.filter((r) => !own.includes(r) && (existing.get(claimKey(medium, r))?.lease_until.getTime() ?? 0) <= now.getTime());
    const retaken = await retakeExpired(expired.map((r) => claimKey(medium, r)), claim, leaseUntil, now);
    for (const r of refused.filter((x) => !own.includes(x))) {
      if (retaken.has(claimKey(medium, r))) {
        result.held.add(r.id);
        result.retaken.add(r.id);
      } else result.heldElsewhere.set(r.id, existing.get(claimKey(medium, r))?.lease_until ?? now);
    }
  }

  return {
    /** Expiry of old claims (TTL, and `pruneClaims`). */
    ensureClaimIndexes: () => createExpiryIndex(col),
    pruneClaims: (now: Date, batch = 1000) => pruneExpiredBatch(col, now, batch),
    /**
     * Claims these pending messages of one medium for one sender (`claim`, unique per batch) until
     * `leaseUntil`: one unordered `insertMany`. A refused insert means another claim has the attempt:
     * it is retaken only when its lease has passed (its worker died), by one conditional update.
     */
    async claimOutbound(medium: OutboundMedium, requests: ClaimRequest[], claim: string, leaseUntil: Date, now: Date): Promise<ClaimResult> {
      return (await claimEach(medium, [{ requests, claim, leaseUntil }], now))[0];
    },
    /** `claimOutbound` for several senders at once (one insert for all), each with its own claim and lease. */
    claimOutboundEach: claimEach,
    /** Extends the lease of these claimed messages while `claim` is still theirs; how many it still held. */
    async renewOutboundLeases(medium: OutboundMedium, requests: ClaimRequest[], claim: string, leaseUntil: Date): Promise<number> {
      if (requests.length === 0) return 0;
      const r = await retryBusy(() => col.updateMany({ _id: { $in: requests.map((x) => claimKey(medium, x)) }, claim }, { $set: { lease_until: leaseUntil } }));
      return r.matchedCount;
    },
    /** Gives these claimed messages up (not attempted): their next delivery claims them at once. */
    async releaseOutbound(medium: OutboundMedium, requests: ClaimRequest[], claim: string): Promise<void> {
      if (requests.length === 0) return;
      await retryBusy(() => col.deleteMany({ _id: { $in: requests.map((x) => claimKey(medium, x)) }, claim }));
    },
  };
}
