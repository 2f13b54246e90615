import { createBoundedMap } from '@herald/service-kit';
import type { Collection, Db } from 'mongodb';
import { throttleAllows } from '../kernel/timing-rules';
import { createExpiryIndex, pruneExpiredBatch } from '../kernel/store/expiry';
import { insertManyFates } from '../kernel/store/insert-fates';

/**
 * One delivery counted by a throttle: delivery number `n` of a key (`<project>:<entry>:
 * <medium>:<recipient>`), taken at `at_ms` by one (notification, medium). Insert-only: the unique
 * `_id` lets one writer take a number, on every store and with any number of replicas.
 */
interface ThrottleUnitDoc {
  /** `<key>#<n>` */
  _id: string;
  key: string;
  n: number;
  at_ms: number;
  /** `<notification id>:<medium>`: unique, so a redelivered decision finds its number taken already. */
  owner: string;
  /** `at + window`: after that the unit no longer counts (pruned; a TTL index on MongoDB). */
  expires_at: Date;
}

/**
 * Sliding-window throttles as numbered deliveries (like the quota's slots): a key's deliveries are
 * numbered in the order they are taken, and number `n` is allowed when `n <= max` or delivery
 * `n - max` is older than the window (kernel/timing-rules.ts `throttleAllows`). A batch of owners
 * of one key takes consecutive numbers in one insertMany, checking the records `max` before them in
 * one read; the next number is a per-process hint, found at first use (and after a conflict with
 * another replica) by one indexed `sort({n: -1}).limit(1)`. Never more than `max` in a window: a
 * number is taken by exactly one insert, and it was checked against the number `max` below it.
 */
export function createThrottleRepository(db: Db) {
  const col: Collection<ThrottleUnitDoc> = db.collection<ThrottleUnitDoc>('throttle_units');
  const hints = createBoundedMap<string, number>(100_000);
  const unitId = (key: string, n: number) => `${key}#${n}`;
  const nextOf = async (key: string) => ((await col.find({ key }, { projection: { n: 1 } }).sort({ n: -1 }).limit(1).toArray())[0]?.n ?? 0) + 1;

  return {
    async ensureIndexes(): Promise<void> {
      // The last number of a key (nextOf): {key} equality sorted by n, limit 1, an index walk of one entry.
      await col.createIndex({ key: 1, n: -1 }, { name: 'key_n' });
      // A redelivered decision finds the number its owner took (reserve).
      await col.createIndex({ owner: 1 }, { name: 'owner_unique', unique: true });
      // Units out of every window (retention sweep; TTL on MongoDB).
      await createExpiryIndex(col);
    },

    /**
     * Counts one delivery for each owner of `key` while the throttle allows; returns the owners
     * allowed (including those that had a number already: a redelivery). The others are throttled.
     */
    async reserve(key: string, owners: string[], max: number, windowMs: number, nowMs: number): Promise<Set<string>> {
      const granted = new Set<string>();
      let pending = [...new Set(owners)];
      if (pending.length === 0) return granted;
      // A redelivered decision: owners with a number already keep it (and never leave a hole).
      for (const d of await col.find({ owner: { $in: pending } }, { projection: { owner: 1 } }).toArray()) granted.add(d.owner);
      pending = pending.filter((o) => !granted.has(o));
      let next = hints.get(key) ?? (await nextOf(key));
      for (let round = 0; round < 20 && pending.length > 0; round++) {
        // Each candidate number n checks delivery n - max: stored ones read at once, this batch's at now.
        const priors = pending.map((_, i) => next + i - max).filter((p) => p >= 1 && p < next);
        const atOf = new Map(
          priors.length ? (await col.find({ _id: { $in: priors.map((p) => unitId(key, p)) } }, { projection: { n: 1, at_ms: 1 } }).toArray()).map((u) => [u.n, u.at_ms]) : [],
        );
        let allowed = 0;
        while (allowed < pending.length) {
          const n = next + allowed;
          const prior = n - max;
          if (!throttleAllows(n, max, prior >= next ? nowMs : atOf.get(prior), nowMs, windowMs)) break;
          allowed++;
        }
        if (allowed === 0) break;
        const take = pending.slice(0, allowed);
        const docs = take.map((owner, i) => ({ _id: unitId(key, next + i), key, n: next + i, at_ms: nowMs, owner, expires_at: new Date(nowMs + windowMs) }));
        const fates = await insertManyFates(col, docs);
        take.forEach((o, i) => fates.inserted.has(i) && granted.add(o));
        if (fates.inserted.size < take.length) {
          // Another replica took some of those numbers (or an owner raced its own redelivery).
          const refused = take.filter((_, i) => !fates.inserted.has(i));
          for (const d of await col.find({ owner: { $in: refused } }, { projection: { owner: 1 } }).toArray()) granted.add(d.owner);
          next = await nextOf(key);
        } else next += take.length;
        pending = pending.filter((o) => !granted.has(o));
      }
      hints.set(key, next);
      return granted;
    },

    /** Deliveries a key counts now (tests). */
    counted: (key: string, nowMs: number) => col.countDocuments({ key, expires_at: { $gt: new Date(nowMs) } }),

    /** Retention: units out of every window (call until 0). */
    pruneExpired: (now: Date, batch: number) => pruneExpiredBatch(col, now, batch),
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
