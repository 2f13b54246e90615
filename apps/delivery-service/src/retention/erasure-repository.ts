import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { erasureKey, erasuresOf, type NotificationDoc } from '../kernel/store/notification-repository';
import { createOutcomeRecords } from '../kernel/store/outcome-records';
import { retryBusy } from '../kernel/store/store-retry';

/** A recipient's erasure: its tombstone, then its notifications and their outcome records removed ({project, recipient}: the feed index's prefix). */
export function createErasureRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const erasures = erasuresOf(db);
  const records = createOutcomeRecords(db);

  return {
    /**
     * Erases a recipient's notifications: with the erased incarnation's `seq`, those of that
     * incarnation or an earlier one, and those without an incarnation (older documents) created at
     * or before `before`; without it, everything created at or before `before`. Their outcome
     * records go by the same rule.
     */
    async deleteForRecipient(projectId: number, recipientId: string, before: Date, seq: number | null = null): Promise<number> {
      const who = { project_id: projectId, recipient_id: recipientId };
      let removed: number;
      if (seq === null) removed = (await retryBusy(() => col.deleteMany({ ...who, created_at: { $lte: before } }))).deletedCount;
      else {
        const bySeq = await retryBusy(() => col.deleteMany({ ...who, recipient_seq: { $lte: seq } }));
        const byTime = await retryBusy(() => col.deleteMany({ ...who, recipient_seq: { $exists: false }, created_at: { $lte: before } }));
        removed = bySeq.deletedCount + byTime.deletedCount;
      }
      await records.deleteForRecipient(projectId, recipientId, before, seq);
      return removed;
    },
    /** Records that a recipient's incarnations up to `seq` are erased (a tombstone; written before the notifications are removed). */
    async recordErasure(projectId: number, recipientId: string, seq: number): Promise<void> {
      const _id = erasureKey(projectId, recipientId);
      for (;;) {
        const have = await erasures.findOne({ _id });
        if (have && have.seq >= seq) return;
        try {
          if (have) await retryBusy(() => erasures.updateOne({ _id, seq: have.seq }, { $set: { seq } }));
          else await retryBusy(() => erasures.insertOne({ _id, seq }));
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    },
  };
}

export type ErasureRepository = ReturnType<typeof createErasureRepository>;
