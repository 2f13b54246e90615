import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import type { OutboundOutcome } from '../kernel/notification';
import { outcomeField, type OutboundMedium } from '../kernel/outbound';
import { outcomeWithStatus } from '../kernel/store/activity-keys';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { retryBusy } from '../kernel/store/store-retry';
import { createOutboundClaims } from './outbound-claims';

/** A conditional outcome change of one outbound medium of one notification (see updateOutboundMany). */
export interface OutcomeChange {
  id: number;
  from: { status: string; attempts: number };
  outcome: OutboundOutcome;
}

/**
 * The outbound outcomes of notifications (email, SMS, web push, chat): conditional outcome writes by
 * _id, and the claims of the messages being sent (appended documents of their own: outbound-claims).
 */
export function createOutcomeRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');

  return {
    ...createOutboundClaims(db),
    /**
     * Sets the same email outcome on these notifications where it is still pending (a digest's
     * items): one update for the whole digest. Returns how many changed.
     */
    async setEmailWherePending(ids: number[], email: OutboundOutcome, now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const r = await retryBusy(() => col.updateMany({ _id: { $in: ids }, 'email.status': 'pending' }, { $set: { ...outcomeWithStatus('email', email), updated_at: now } }));
      return r.modifiedCount;
    },
    /**
     * Conditional outcome changes of one outbound medium for a batch, in one round trip (each only
     * from its expected status and attempt count, and not while a claim written on the notification
     * itself by an older version of this service is live). A change that ends the medium drops the
     * content kept for sending it (direct sends only; email keeps `email_content`, which older
     * readers expect).
     */
    async updateOutboundMany(medium: OutboundMedium, changes: OutcomeChange[], now: Date): Promise<number> {
      if (changes.length === 0) return 0;
      const field = outcomeField(medium);
      const lease = `${field}_lease_until`;
      const ops: AnyBulkWriteOperation<NotificationDoc>[] = changes.map((c) => ({
        updateOne: {
          filter: { _id: c.id, [`${field}.status`]: c.from.status, [`${field}.attempts`]: c.from.attempts, $or: [{ [lease]: { $exists: false } }, { [lease]: { $lte: now } }] },
          update: {
            $set: { ...outcomeWithStatus(medium, c.outcome), updated_at: now, ...(field !== 'email' && c.outcome.status !== 'pending' ? { [`${field}_content`]: null } : {}) },
            $unset: { [`${field}_claim`]: '', [lease]: '' },
          },
        },
      }));
      const r = await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
      return r.modifiedCount;
    },
    /**
     * An SMS provider's status callback: the SMS outcome of notification `id` becomes `outcome`, only
     * when it is `sent` with that provider message id (a repeat or a late callback changes nothing).
     */
    async updateSmsStatus(id: number, messageId: string, outcome: OutboundOutcome, now: Date): Promise<NotificationDoc | null> {
      const r = await retryBusy(() => col.updateOne({ _id: id, 'sms.status': 'sent', 'sms.message_id': messageId }, { $set: { ...outcomeWithStatus('sms', outcome), updated_at: now } }));
      return r.modifiedCount === 1 ? col.findOne({ _id: id }) : null;
    },
    /** Sets one outbound outcome of these notifications of a broadcast (one chunk's at most: the cap), where still pending. */
    async setOutcomeForBroadcast(medium: OutboundMedium, broadcastId: number, ids: number[], outcome: OutboundOutcome, now: Date): Promise<void> {
      if (ids.length === 0) return;
      const field = outcomeField(medium);
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, broadcast_id: broadcastId, [`${field}.status`]: 'pending' }, { $set: { ...outcomeWithStatus(medium, outcome), updated_at: now } }));
    },
  };
}

export type OutcomeRepository = ReturnType<typeof createOutcomeRepository>;
