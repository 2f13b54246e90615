import type { Collection, Db } from 'mongodb';
import type { OutboundOutcome } from '../notification';
import { OUTBOUND_MEDIUMS, outcomeField, type OutboundMedium, type OutcomeField } from '../outbound';
import { createExpiryIndex, pruneExpiredBatch } from './expiry';
import { insertManyFates } from './insert-fates';
import { readNewestFirst, type PageWindow } from './newest-first-page';
import { retryBusy } from './store-retry';

/** What of a stored notification its outcome records concern (a NotificationDoc is one). */
export type RecordedNotification = {
  _id: number;
  project_id: number;
  recipient_id: string;
  recipient_seq?: number;
  created_at: Date;
  updated_at: Date;
  expires_at?: Date | null;
} & Partial<Record<OutcomeField, OutboundOutcome>>;

/**
 * The mediums whose outcomes are appended as records instead of written on the notification: each
 * changes only from `pending`, in its outbound worker. SMS stays on the notification (its provider's
 * status callbacks move it on after `sent`).
 */
export const RECORDED_MEDIUMS: readonly OutboundMedium[] = OUTBOUND_MEDIUMS.filter((m) => m !== 'sms');

/**
 * One outcome change of one outbound message, appended: `_id` is `<field>:<notification>:<attempts
 * before>`, the state it changes from (always `pending`), so the unique `_id` lets one change leave
 * each state, as the conditional update on the notification did. The notification's outcome is its
 * stored one followed along these records (see `followRecords`).
 */
export interface OutcomeRecordDoc {
  _id: string;
  notification_id: number;
  project_id: number;
  recipient_id: string;
  /** The recipient's incarnation (erasure matches on it); absent when the notification has none. */
  recipient_seq?: number;
  field: string;
  /** The recorded outcome's status (the activity log's medium + outcome filter). */
  status: string;
  outcome: OutboundOutcome;
  /** The sending batch that wrote it: a retried insert recognises its own record. */
  claim: string;
  /** The notification's creation time (the activity log's order). */
  created_at: Date;
  at: Date;
  /** The notification's: a record goes with its notification. */
  expires_at: Date | null;
}

/** A change to record: the notification it belongs to, the attempts it starts from, the new outcome. */
export interface OutcomeEntry {
  doc: RecordedNotification;
  fromAttempts: number;
  outcome: OutboundOutcome;
}

const recordKey = (field: string, id: number, attempts: number) => `${field}:${id}:${attempts}`;

/** Whether a document has a recorded medium still pending on it (only those can have records). */
const mayHaveRecords = (d: RecordedNotification) => RECORDED_MEDIUMS.some((m) => d[outcomeField(m)]?.status === 'pending');

/**
 * The stored outcomes of each recorded medium followed along its records: from `pending` at N
 * attempts to the record keyed by N, and on while the result is still pending. Mutates the documents.
 */
export function followRecords(docs: RecordedNotification[], records: OutcomeRecordDoc[]): void {
  const byKey = new Map(records.map((r) => [r._id, r]));
  for (const d of docs) {
    for (const m of RECORDED_MEDIUMS) {
      const field = outcomeField(m);
      let outcome = d[field];
      let at = d.updated_at;
      for (let r = outcome && byKey.get(recordKey(field, d._id, outcome.attempts)); outcome?.status === 'pending' && r; r = byKey.get(recordKey(field, d._id, outcome.attempts))) {
        outcome = r.outcome;
        if (r.at > at) at = r.at;
      }
      if (outcome !== d[field]) Object.assign(d, { [field]: outcome, updated_at: at });
    }
  }
}

/** The outcome records of outbound messages (collection `outbound_outcomes`): appended in batches, read with the notifications they belong to. */
export function createOutcomeRecords(db: Db) {
  const col: Collection<OutcomeRecordDoc> = db.collection<OutcomeRecordDoc>('outbound_outcomes');

  async function recordEach(medium: OutboundMedium, entries: (OutcomeEntry & { claim: string; at: Date })[]): Promise<boolean[]> {
    const field = outcomeField(medium);
    const docs = entries.map(({ doc, fromAttempts, outcome, claim, at }): OutcomeRecordDoc => ({
      _id: recordKey(field, doc._id, fromAttempts),
      notification_id: doc._id,
      project_id: doc.project_id,
      recipient_id: doc.recipient_id,
      ...(doc.recipient_seq !== undefined ? { recipient_seq: doc.recipient_seq } : {}),
      field,
      status: outcome.status,
      outcome,
      claim,
      created_at: doc.created_at,
      at,
      expires_at: doc.expires_at ?? null,
    }));
    const fates = await insertManyFates(col, docs);
    const held = docs.map((_, i) => fates.inserted.has(i));
    if (fates.duplicate.size === 0) return held;
    const refused = [...fates.duplicate];
    const claims = new Map((await col.find({ _id: { $in: refused.map((i) => docs[i]._id) } }, { projection: { claim: 1 } }).toArray()).map((r) => [r._id, r.claim]));
    for (const i of refused) held[i] = claims.get(docs[i]._id) === docs[i].claim;
    return held;
  }

  return {
    async ensureRecordIndexes(): Promise<void> {
      // Every read of notifications with a recorded medium pending: `{notification_id: {$in}}`.
      await col.createIndex({ notification_id: 1 }, { name: 'by_notification' });
      // The activity log's medium + outcome filter: `{project_id, field, status, created_at range}`, newest first.
      await col.createIndex({ project_id: 1, field: 1, status: 1, created_at: -1, notification_id: -1 }, { name: 'activity_outcome' });
      // Erasure: `{project_id, recipient_id}`.
      await col.createIndex({ project_id: 1, recipient_id: 1 }, { name: 'recipient' });
      await createExpiryIndex(col);
    },

    /**
     * Appends these outcome changes of one medium (one unordered insert). A change refused as a
     * duplicate was recorded already: by this batch (a retried insert) or by another delivery.
     * Returns the notifications whose change this batch holds.
     */
    async record(medium: OutboundMedium, entries: OutcomeEntry[], claim: string, now: Date): Promise<Set<number>> {
      const held = await recordEach(medium, entries.map((e) => ({ ...e, claim, at: now })));
      return new Set(entries.filter((_, i) => held[i]).map((e) => e.doc._id));
    },

    /** `record` for changes of several batches at once (one insert), each with its own claim and time; whether each is held by its batch. */
    recordEach,

    /** Follows the recorded outcomes of these notifications (one read for those with a recorded medium pending); mutates and returns them. */
    async follow<D extends RecordedNotification | null>(docs: D[]): Promise<D[]> {
      const open = docs.filter((d): d is D & RecordedNotification => d !== null && mayHaveRecords(d));
      if (open.length === 0) return docs;
      followRecords(open, await col.find({ notification_id: { $in: open.map((d) => d._id) } }).toArray());
      return docs;
    },

    /** Every record of one notification, each medium's (its timeline's attempts; by_notification). */
    ofNotification: (notificationId: number): Promise<OutcomeRecordDoc[]> => col.find({ notification_id: notificationId }).toArray(),

    /** The notifications of a project whose recorded `field` outcome has `status`, newest first (activity_outcome; two plain queries for a later page: readNewestFirst). */
    async idsWithOutcome(q: PageWindow & { projectId: number; field: string; status: string }): Promise<number[]> {
      const records = await readNewestFirst(q, 'notification_id', (conditions, limit) =>
        col.find({ project_id: q.projectId, field: q.field, status: q.status, ...conditions }, { projection: { notification_id: 1 } }).sort({ created_at: -1, notification_id: -1 }).limit(limit).toArray(),
      );
      return records.map((r) => r.notification_id);
    },

    /** Erasure: the records of a recipient's notifications, with the same rule as the notifications (erasure-repository). */
    async deleteForRecipient(projectId: number, recipientId: string, before: Date, seq: number | null): Promise<void> {
      const who = { project_id: projectId, recipient_id: recipientId };
      if (seq === null) {
        await retryBusy(() => col.deleteMany({ ...who, created_at: { $lte: before } }));
        return;
      }
      await retryBusy(() => col.deleteMany({ ...who, recipient_seq: { $lte: seq } }));
      await retryBusy(() => col.deleteMany({ ...who, recipient_seq: { $exists: false }, created_at: { $lte: before } }));
    },

    /** Retention: records expire with their notification. */
    prune: (now: Date, batch: number) => pruneExpiredBatch(col, now, batch),
  };
}

export type OutcomeRecords = ReturnType<typeof createOutcomeRecords>;
