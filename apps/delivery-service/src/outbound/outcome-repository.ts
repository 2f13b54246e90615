import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import type { OutboundOutcome } from '../kernel/notification';
import { outcomeField, type OutboundMedium } from '../kernel/outbound';
import { outcomeWithStatus } from '../kernel/store/activity-keys';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { createOutcomeRecords, type ProviderReport } from '../kernel/store/outcome-records';
import { retryBusy } from '../kernel/store/store-retry';
import { createWriteDemand, type WriteDemand } from '../kernel/store/write-demand';
import { legacyClaimFilter } from './legacy-claim-filter';
import { createOutboundClaims } from './outbound-claims';

/** An outcome change of one outbound medium of one notification, from `pending` at an attempt count (see writeOutcomes). */
export interface OutcomeChange {
  id: number;
  from: { status: string; attempts: number };
  outcome: OutboundOutcome;
}

/** One batch's outcome changes, with its claim and time (see writeOutcomes). */
export interface OutcomeWrite {
  changes: OutcomeChange[];
  docs: Map<number, NotificationDoc>;
  claim: string;
  now: Date;
}

/**
 * The outbound outcomes of notifications (email, SMS, web push, chat, mobile push): outcome records
 * appended in batches, SMS providers' status reports among them (kernel/store/outcome-records.ts),
 * conditional outcome writes by _id on the notification (digests, broadcasts' caps), and the claims
 * of the messages being sent (appended documents of their own: outbound-claims). Outcome writes are counted as
 * `demand` (kernel/store/write-demand.ts), so a broadcast's write lane makes room for them.
 */
export function createOutcomeRepository(db: Db, opts: { demand?: WriteDemand } = {}) {
  const demand = opts.demand ?? createWriteDemand();
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const records = createOutcomeRecords(db);

  /** The outcome writes of several batches: one read of older versions' claims, one insert of the records; how many each batch wrote. */
  async function recordOutcomes(medium: OutboundMedium, writes: OutcomeWrite[]): Promise<number[]> {
    const ids = [...new Set(writes.flatMap((w) => w.changes.map((c) => c.id)))];
    if (ids.length === 0) return writes.map(() => 0);
    const field = outcomeField(medium);
    const lease = `${field}_lease_until`;
    const legacy = await col.find(legacyClaimFilter(medium, ids), { projection: { [lease]: 1 } }).toArray();
    const leaseEnds = new Map(legacy.map((d) => [d._id, (d[lease as keyof NotificationDoc] as Date | undefined)?.getTime() ?? 0]));
    const free = writes.flatMap((w) => w.changes.filter((c) => (leaseEnds.get(c.id) ?? 0) <= w.now.getTime()).map((c) => ({ w, c })));
    const held = await records.recordEach(medium, free.map(({ w, c }) => ({ doc: w.docs.get(c.id)!, fromAttempts: c.from.attempts, outcome: c.outcome, claim: w.claim, at: w.now })));
    const cleared = free.filter(({ c }, i) => held[i] && leaseEnds.has(c.id));
    if (cleared.length > 0) {
      const ops: AnyBulkWriteOperation<NotificationDoc>[] = cleared.map(({ w, c }) => ({
        updateOne: { filter: { _id: c.id, $or: [{ [lease]: { $exists: false } }, { [lease]: { $lte: w.now } }] }, update: { $set: { ...outcomeWithStatus(medium, c.outcome), updated_at: w.now }, $unset: { [`${field}_claim`]: '', [lease]: '' } } },
      }));
      await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
    }
    return writes.map((w) => free.filter((f, i) => f.w === w && held[i]).length);
  }

  return {
    ...createOutboundClaims(db),
    ensureRecordIndexes: () => records.ensureRecordIndexes(),
    pruneRecords: (now: Date, batch: number) => records.prune(now, batch),
    /**
     * The outcome changes of one outbound medium for a batch (each from `pending` at its attempt
     * count), returning how many this batch wrote: appended as records (one unordered insert; a
     * record's key is the state it leaves, so only one change leaves it).
     *
     * Not while a claim written on the notification itself by an older version of this
     * service is live (it is read again here: it may have come while the batch was sending); a
     * notification that carries such a claim also gets the outcome written on it, the claim removed.
     */
    writeOutcomes: async (medium: OutboundMedium, changes: OutcomeChange[], docs: Map<number, NotificationDoc>, claim: string, now: Date): Promise<number> =>
      (await demand.during(() => recordOutcomes(medium, [{ changes, docs, claim, now }])))[0],
    /** `writeOutcomes` of several batches at once (one read and one insert for all); how many each wrote. */
    writeOutcomesEach: (medium: OutboundMedium, writes: OutcomeWrite[]): Promise<number[]> => demand.during(() => recordOutcomes(medium, writes)),
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
     * SMS providers' status callbacks: the final `status` (and `error`) of each message, appended as
     * reports in one insert (a report moves the SMS outcome on when that is `sent` with its message
     * id). False for a report of a message whose report is recorded already (the first wins).
     */
    recordSmsReports: (reports: ProviderReport[]): Promise<boolean[]> => records.recordReports('sms', reports),
    /** The SMS status reports recorded for these sent messages (one read). */
    smsReportsOf: (messages: { notificationId: number; messageId: string }[]) => records.reportsOf('sms', messages),
    /** Sets one outbound outcome of these notifications of a broadcast (one chunk's at most: the cap), where still pending. */
    async setOutcomeForBroadcast(medium: OutboundMedium, broadcastId: number, ids: number[], outcome: OutboundOutcome, now: Date): Promise<void> {
      if (ids.length === 0) return;
      const field = outcomeField(medium);
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, broadcast_id: broadcastId, [`${field}.status`]: 'pending' }, { $set: { ...outcomeWithStatus(medium, outcome), updated_at: now } }));
    },
  };
}

export type OutcomeRepository = ReturnType<typeof createOutcomeRepository>;
