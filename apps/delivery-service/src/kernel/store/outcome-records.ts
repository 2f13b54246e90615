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

/** The mediums whose provider reports a message's later status (delivered, undelivered) after `sent`: SMS. */
const REPORTED_MEDIUMS: readonly OutboundMedium[] = ['sms'];

/**
 * One outcome change of one outbound message, appended: `_id` is `<field>:<notification>:<attempts
 * before>`, the state it changes from (always `pending`), so the unique `_id` lets one change leave
 * each state, as the conditional update on the notification did. The notification's outcome is its
 * stored one followed along these records (see `followRecords`).
 *
 * A provider's report of a sent message's later status (an SMS status callback) is a record too:
 * `_id` is `<field>_report:<notification>:<provider message id>` (`report_of`), so the first final
 * status of a message wins; it moves the outcome on only when that is `sent` with this message id,
 * whenever the report was written (before `sent` was, or long after).
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
  /** The sending batch that wrote it: a retried insert recognises its own record (a report: none). */
  claim: string;
  /** A provider's report: the message id it is about; only its `status` and `error` apply (see above). */
  report_of?: string;
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

/** A provider's report of one sent message: the outcome it moves the notification's outcome on to. */
export interface ProviderReport {
  doc: RecordedNotification;
  messageId: string;
  outcome: OutboundOutcome;
  at: Date;
}

const recordKey = (field: string, id: number, attempts: number) => `${field}:${id}:${attempts}`;
const reportKey = (field: string, id: number, messageId: string) => `${field}_report:${id}:${messageId}`;

/** Whether an outcome can still be moved on by records: pending, or sent by a medium whose provider reports on it. */
const movable = (m: OutboundMedium, o: OutboundOutcome | undefined) => o?.status === 'pending' || (o?.status === 'sent' && REPORTED_MEDIUMS.includes(m));

/** Whether a document has an outcome records can still move on (only those are read with their records). */
const mayHaveRecords = (d: RecordedNotification) => OUTBOUND_MEDIUMS.some((m) => movable(m, d[outcomeField(m)]));

/** A sent outcome moved on by its provider's report of that message, if one is recorded (a medium whose provider reports). */
function reported(m: OutboundMedium, id: number, outcome: OutboundOutcome, byKey: Map<string, OutcomeRecordDoc>): OutcomeRecordDoc | undefined {
  if (outcome.status !== 'sent' || !outcome.message_id || !REPORTED_MEDIUMS.includes(m)) return undefined;
  return byKey.get(reportKey(outcomeField(m), id, outcome.message_id));
}

/**
 * The stored outcomes of each medium followed along its records: from `pending` at N attempts to
 * the record keyed by N, and on while the result is still pending; then, from `sent`, to the
 * provider's report of that message when there is one. Mutates the documents.
 */
export function followRecords(docs: RecordedNotification[], records: OutcomeRecordDoc[]): void {
  const byKey = new Map(records.map((r) => [r._id, r]));
  for (const d of docs) {
    for (const m of OUTBOUND_MEDIUMS) {
      const field = outcomeField(m);
      let outcome = d[field];
      let at = d.updated_at;
      for (let r = outcome && byKey.get(recordKey(field, d._id, outcome.attempts)); outcome?.status === 'pending' && r; r = byKey.get(recordKey(field, d._id, outcome.attempts))) {
        outcome = r.outcome;
        if (r.at > at) at = r.at;
      }
      const report = outcome && reported(m, d._id, outcome, byKey);
      if (outcome && report) {
        outcome = { ...outcome, status: report.outcome.status, error: report.outcome.error };
        if (report.at > at) at = report.at;
      }
      if (outcome !== d[field]) Object.assign(d, { [field]: outcome, updated_at: at });
    }
  }
}

/** The outcome records of outbound messages (collection `outbound_outcomes`): appended in batches, read with the notifications they belong to. */
export function createOutcomeRecords(db: Db) {
  const col: Collection<OutcomeRecordDoc> = db.collection<OutcomeRecordDoc>('outbound_outcomes');

  /** The record of one change of `doc`'s `field` outcome, under `_id`. */
  const recordOf = (_id: string, field: string, doc: RecordedNotification, outcome: OutboundOutcome, claim: string, at: Date): OutcomeRecordDoc => ({
    _id,
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
  });

  async function recordEach(medium: OutboundMedium, entries: (OutcomeEntry & { claim: string; at: Date })[]): Promise<boolean[]> {
    const field = outcomeField(medium);
    const docs = entries.map(({ doc, fromAttempts, outcome, claim, at }) => recordOf(recordKey(field, doc._id, fromAttempts), field, doc, outcome, claim, at));
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
      // Every read of notifications with an outcome records can move on: `{notification_id: {$in}}`.
      await col.createIndex({ notification_id: 1 }, { name: 'by_notification' });
      // The activity log's medium + outcome filter: `{project_id, field, status, created_at range}`, newest first.
      await col.createIndex({ project_id: 1, field: 1, status: 1, created_at: -1, notification_id: -1 }, { name: 'activity_outcome' });
      // Erasure: `{project_id, recipient_id}`.
      await col.createIndex({ project_id: 1, recipient_id: 1 }, { name: 'recipient' });
      await createExpiryIndex(col);
      // SMS status reports that came before `sent` were kept apart; they are records now.
      await db.collection('sms_early_reports').drop().catch(() => undefined);
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

    /**
     * Providers' reports of messages (each its notification's `field` outcome's `status` and `error`
     * after `sent`), appended in one unordered insert: whether each was recorded (false: a report of
     * that message is recorded already, or comes earlier in `reports`; the first wins).
     */
    async recordReports(medium: OutboundMedium, reports: ProviderReport[]): Promise<boolean[]> {
      const field = outcomeField(medium);
      const fates = await insertManyFates(
        col,
        reports.map(({ doc, messageId, outcome, at }) => ({ ...recordOf(reportKey(field, doc._id, messageId), field, doc, outcome, '', at), report_of: messageId })),
      );
      return reports.map((_, i) => fates.inserted.has(i));
    },

    /** The recorded reports of these messages (notification, provider message id) of one medium: one read by _id. */
    async reportsOf(medium: OutboundMedium, messages: { notificationId: number; messageId: string }[]): Promise<OutcomeRecordDoc[]> {
      const field = outcomeField(medium);
      return messages.length ? col.find({ _id: { $in: messages.map((m) => reportKey(field, m.notificationId, m.messageId)) } }).toArray() : [];
    },

    /** Follows the recorded outcomes of these notifications (one read for those with an outcome records can move on); mutates and returns them. */
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
