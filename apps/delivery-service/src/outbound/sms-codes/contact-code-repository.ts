import type { Collection, Db } from 'mongodb';
import { createExpiryIndex, pruneExpiredBatch } from '../../kernel/store/expiry';
import { retryBusy } from '../../kernel/store/store-retry';
import type { StoredCode } from './contact-code';

/** The code last texted to one contact: only its keyed hash is kept. */
interface CodeDoc {
  /** `<project>|<recipient>|<contact>` */
  _id: string;
  address: string;
  code_hash: string;
  /** Wrong codes tried so far. */
  tries: number;
  expires_at: Date;
}

/** The confirmation codes texted to sms contacts, one per contact (a new code replaces the last). */
export function createContactCodeRepository(db: Db) {
  const col: Collection<CodeDoc> = db.collection<CodeDoc>('contact_confirmation_codes');
  return {
    async ensureIndexes(): Promise<void> {
      // Expiry of dead codes (TTL, and `prune`); lookups are by _id.
      await createExpiryIndex(col);
    },

    /** Keeps a new code for the contact, replacing any earlier one (its tries start again). */
    async put(key: string, code: StoredCode): Promise<void> {
      const doc = { address: code.address, code_hash: code.codeHash, tries: code.tries, expires_at: code.expiresAt };
      await retryBusy(() => col.replaceOne({ _id: key }, doc, { upsert: true }));
    },

    async get(key: string): Promise<StoredCode | null> {
      const doc = await col.findOne({ _id: key });
      return doc && { address: doc.address, codeHash: doc.code_hash, tries: doc.tries, expiresAt: doc.expires_at };
    },

    /**
     * Counts one wrong try if the code still has `seen` tries (compare and set: two concurrent wrong
     * tries cannot both count as one); false when another try came first.
     */
    async countTry(key: string, seen: number): Promise<boolean> {
      return (await retryBusy(() => col.updateOne({ _id: key, tries: seen }, { $set: { tries: seen + 1 } }))).modifiedCount === 1;
    },

    /** A code once used confirms nothing again. */
    async remove(key: string): Promise<void> {
      await retryBusy(() => col.deleteOne({ _id: key }));
    },

    prune: (now: Date, batch = 1000) => pruneExpiredBatch(col, now, batch),
  };
}

export type ContactCodeRepository = ReturnType<typeof createContactCodeRepository>;
