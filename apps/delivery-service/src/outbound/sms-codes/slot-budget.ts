import { isDuplicateKey } from '@herald/service-kit';
import type { Collection, Db } from 'mongodb';
import { createExpiryIndex, pruneExpiredBatch } from '../../kernel/store/expiry';
import { retryBusy } from '../../kernel/store/store-retry';

/** One use of a budget in one window: slot n of that window. */
interface SlotDoc {
  /** `<budget key>|<window number>|<n>` */
  _id: string;
  /** The budget key and window, for counting the slots taken. */
  window: string;
  expires_at: Date;
}

/**
 * Budgets of confirmation SMS, on every replica together: each SMS takes a numbered slot of its
 * window by inserting its id (n ≤ max), so the unique `_id` lets one writer take it, on every store
 * (no counter document, whose concurrent updates FerretDB on SQLite may lose). The search starts at
 * the number of slots already taken. Slots expire with their window (TTL index where the store has
 * them; `prune` otherwise, from the housekeeping pass).
 */
export function createSlotBudget(db: Db) {
  const col: Collection<SlotDoc> = db.collection<SlotDoc>('contact_confirmation_sms_slots');
  return {
    async ensureIndexes(): Promise<void> {
      // Expiry of past windows' slots (TTL, and `prune`).
      await createExpiryIndex(col);
      // The count of a window's slots taken, where a take starts its search.
      await col.createIndex({ window: 1 }, { name: 'window' });
    },

    /** Takes one of the `max` slots of the window of `windowMs` holding `now` for `key`; false when all are taken. */
    async take(key: string, windowMs: number, now: Date, max: number): Promise<boolean> {
      const number = Math.floor(now.getTime() / windowMs);
      const window = `${key}|${number}`;
      const expires_at = new Date((number + 1) * windowMs);
      const taken = await col.countDocuments({ window });
      for (let n = taken + 1; n <= max; n++) {
        try {
          await retryBusy(() => col.insertOne({ _id: `${window}|${n}`, window, expires_at }));
          return true;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
      return false;
    },

    prune: (now: Date, batch = 1000) => pruneExpiredBatch(col, now, batch),
  };
}

export type SlotBudget = ReturnType<typeof createSlotBudget>;
