import { isDuplicateKey } from '@herald/service-kit';
import type { Collection, Db } from 'mongodb';
import { createExpiryIndex, pruneExpiredBatch } from '../kernel/store/expiry';
import { retryBusy } from '../kernel/store/store-retry';

/** One confirmation mail sent to an address of one recipient in one clock hour: slot n of that hour. */
interface MailSlotDoc {
  /** `<project>|<recipient>|<hour since the epoch>|<n>` */
  _id: string;
  expires_at: Date;
}

const HOUR_MS = 3_600_000;

/**
 * How many contact confirmation mails a recipient may cause per clock hour: a recipient
 * token can make Herald mail addresses of its choosing, so that is bounded per recipient, on every
 * replica together. Each mail takes a numbered slot of the hour by inserting its id (n ≤ max): the
 * unique `_id` lets one writer take it, on every store (no counter document, whose concurrent
 * updates FerretDB on SQLite may lose). Slots expire after the hour (TTL index where the store has
 * them; `prune` otherwise, from the housekeeping pass).
 */
export function createConfirmationMailBudget(db: Db) {
  const col: Collection<MailSlotDoc> = db.collection<MailSlotDoc>('contact_confirmation_mails');
  return {
    async ensureIndexes(): Promise<void> {
      // Expiry of past hours' slots (TTL, and `prune`).
      await createExpiryIndex(col);
    },

    /** Takes one of the `max` slots of the current hour; false when all are taken. */
    async take(projectId: number, recipientId: string, now: Date, max: number): Promise<boolean> {
      const hour = Math.floor(now.getTime() / HOUR_MS);
      const expires_at = new Date((hour + 1) * HOUR_MS);
      for (let n = 1; n <= max; n++) {
        try {
          await retryBusy(() => col.insertOne({ _id: `${projectId}|${recipientId}|${hour}|${n}`, expires_at }));
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

export type ConfirmationMailBudget = ReturnType<typeof createConfirmationMailBudget>;
