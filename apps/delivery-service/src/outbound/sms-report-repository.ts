import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { retryBusy } from '../kernel/store/store-retry';

/**
 * An SMS provider's final status that arrived before the SMS's `sent` outcome was written (a fast
 * provider calls back while the sender's batch is still writing). Insert-only, one per (notification,
 * provider message id), the first final status wins (a retried send has another message id, so a
 * report of an attempt whose `sent` was never written cannot hide the next one's): the sender reads these after writing `sent` and applies them, and
 * the callback, after inserting one, reads the notification again and applies it itself if `sent`
 * is there by then; each writes before it reads, so at least one of them sees the other, and the
 * apply is conditional (from `sent`, for that message id), so both applying changes nothing twice.
 */
export interface SmsReportDoc {
  /** `<notification id>:<provider message id>` (smsReportId). */
  _id: string;
  notification_id: number;
  message_sid: string;
  status: 'delivered' | 'undelivered';
  /** The provider's own word for it (`failed`, `undelivered`, `read`, ...). */
  provider_status: string;
  error_code: string | null;
  at: Date;
}

export const smsReportId = (notificationId: number, messageSid: string): string => `${notificationId}:${messageSid}`;

export function createSmsReportRepository(db: Db) {
  const col: Collection<SmsReportDoc> = db.collection<SmsReportDoc>('sms_early_reports');
  return {
    async ensureIndexes(): Promise<void> {
      // Housekeeping: reports older than a week (prune: {at: {$lt}}); reads are by _id.
      await col.createIndex({ at: 1 }, { name: 'at' });
    },
    async record(doc: SmsReportDoc): Promise<void> {
      try {
        await retryBusy(() => col.insertOne(doc));
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    },
    /** The reports of these (notification, message id) pairs (one read by _id). */
    async find(keys: { notificationId: number; messageSid: string }[]): Promise<SmsReportDoc[]> {
      return keys.length ? col.find({ _id: { $in: keys.map((k) => smsReportId(k.notificationId, k.messageSid)) } }).toArray() : [];
    },
    /** Deletes up to `batch` reports older than `before`; returns how many. */
    async prune(before: Date, batch = 1000): Promise<number> {
      const ids = (await col.find({ at: { $lt: before } }, { projection: { _id: 1 } }).limit(batch).toArray()).map((d) => d._id);
      if (ids.length === 0) return 0;
      return (await retryBusy(() => col.deleteMany({ _id: { $in: ids } }))).deletedCount;
    },
  };
}

export type SmsReportRepository = ReturnType<typeof createSmsReportRepository>;
