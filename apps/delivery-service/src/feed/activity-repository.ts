import type { Collection, Db, IndexDescription } from 'mongodb';
import { createBroadcastPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { OUTBOUND_MEDIUMS, outcomeField, type OutcomeField } from '../kernel/outbound';
import { outcomeStatusField } from '../kernel/store/activity-keys';
import { createOutcomeRecords } from '../kernel/store/outcome-records';
import { createIndexesOneByOne, holdingOnly } from '../kernel/store/partial-indexes';
import { readNewestFirst } from '../kernel/store/newest-first-page';

export interface ActivityQuery {
  projectId: number;
  /** The equality filters, as store fields (activity-filter.ts: only combinations an index below serves). */
  filter: Record<string, string | number>;
  since: Date | null;
  until: Date | null;
  /** Only notifications after this one in the newest-first order (the cursor). */
  after: { createdAt: Date; id: number } | null;
  limit: number;
}

/** A page of the activity log, as the store answered it. */
export interface ActivityListing {
  docs: NotificationDoc[];
  /**
   * Set when the reading stopped before the page was full (the pending filter's bound): the last
   * notification read, after which the next page goes on.
   */
  resumeAfter: ActivityQuery['after'];
}

/** The most reads of a page's size one page of a medium's `pending` filter makes. */
export const PENDING_READS_MAX = 4;

/** Newest first: by creation time, then id (the order every activity index ends in). */
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;
const newestFirst = (a: NotificationDoc, b: NotificationDoc) => b.created_at.getTime() - a.created_at.getTime() || b._id - a._id;

/** The outcome status copies (their later outcomes are appended records: kernel/store/outcome-records.ts), with the outcome field each copies. */
const RECORDED_STATUS_FIELDS = new Map<string, OutcomeField>(OUTBOUND_MEDIUMS.map((m) => [outcomeStatusField(m), outcomeField(m)]));

/** What the log never shows: the contents kept for sending and the settings snapshot. */
const ACTIVITY_PROJECTION = { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } as const;

/** The project's notifications for the operator's activity log (the console, `GET /notifications`). */
export function createActivityRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  // Outcome records are followed before a filter on them, payloads read only for what it keeps.
  const withBroadcastPayloads = createBroadcastPayloadFiller(db);
  const records = createOutcomeRecords(db);

  /** One page of the store's notifications under the query's filter, newest first (two plain queries for a later page: readNewestFirst). */
  const page = (q: ActivityQuery): Promise<NotificationDoc[]> =>
    readNewestFirst(q, '_id', (conditions, limit) => col.find({ project_id: q.projectId, ...q.filter, ...conditions }, { projection: ACTIVITY_PROJECTION }).sort(NEWEST_FIRST).limit(limit).toArray());

  /**
   * Still pending: those stored pending whose records did not move them on. Reads on past the ones
   * that did, page by page, until the page is full, but at most PENDING_READS_MAX pages (a
   * project's sent messages are all stored pending: this filter reads past them). Stopped there, it
   * answers what it found and where it stopped, for the next page to go on from.
   */
  async function pendingPage(q: ActivityQuery, has: (d: NotificationDoc) => boolean): Promise<ActivityListing> {
    const out: NotificationDoc[] = [];
    let after = q.after;
    for (let reads = 0; out.length < q.limit; reads++) {
      if (reads === PENDING_READS_MAX) return { docs: await withBroadcastPayloads(out), resumeAfter: after };
      const docs = await records.follow(await page({ ...q, after }));
      out.push(...docs.filter(has));
      if (docs.length < q.limit) break;
      const last = docs[docs.length - 1];
      after = { createdAt: last.created_at, id: last._id };
    }
    return { docs: await withBroadcastPayloads(out.slice(0, q.limit)), resumeAfter: null };
  }

  return {
    async ensureIndexes(): Promise<void> {
      // Each serves one filter combination of activity-filter.ts (ACTIVITY_SHAPES), newest first,
      // with or without a time range.
      // Nested fields are indexed through their top-level copies (activity-keys.ts): the local store
      // answers a dotted path by reading every notification of the project.
      const specs: IndexDescription[] = [
        // No filter: the project's log.
        { key: { project_id: 1, ...NEWEST_FIRST }, name: 'activity' },
        // recipient_id.
        { key: { project_id: 1, recipient_id: 1, ...NEWEST_FIRST }, name: 'activity_recipient' },
        // recipient_id + status.
        { key: { project_id: 1, recipient_id: 1, status: 1, ...NEWEST_FIRST }, name: 'activity_recipient_status' },
        // status.
        { key: { project_id: 1, status: 1, ...NEWEST_FIRST }, name: 'activity_status' },
        // channel; channel + topic; channel + topic + event (each its own: newest first after all of them).
        { key: { project_id: 1, target_channel: 1, ...NEWEST_FIRST }, name: 'activity_channel' },
        { key: { project_id: 1, target_channel: 1, target_topic: 1, ...NEWEST_FIRST }, name: 'activity_topic' },
        { key: { project_id: 1, target_channel: 1, target_topic: 1, target_event: 1, ...NEWEST_FIRST }, name: 'activity_event' },
        // broadcast_id.
        { key: { project_id: 1, broadcast_id: 1, ...NEWEST_FIRST }, name: 'activity_broadcast' },
        // medium + outcome, one per outbound medium ("email failed", "sms skipped"): partial, a
        // notification holds the copies of the mediums it was sent on only (the filter's outcome is
        // always a status, never null).
        ...OUTBOUND_MEDIUMS.map((m): IndexDescription => ({ key: { project_id: 1, [outcomeStatusField(m)]: 1, ...NEWEST_FIRST }, name: `activity_${outcomeStatusField(m)}`, ...holdingOnly(outcomeStatusField(m)) })),
      ];
      await createIndexesOneByOne(col, specs);
      // The earlier indexes on the nested paths, which the copies replaced: each costs every insert.
      for (const name of ['activity_target', ...OUTBOUND_MEDIUMS.map((m) => `activity_${outcomeField(m)}`)]) await col.dropIndex(name).catch(() => undefined);
    },

    /**
     * A page newest first. A medium's outcome filter also reads the outcome records: an outcome
     * ended on the notification itself (when it was written, or before the records), or by a
     * record (an SMS's delivered or undelivered: by its provider's report).
     */
    async list(q: ActivityQuery): Promise<ActivityListing> {
      const outcome = Object.entries(q.filter).find(([k]) => RECORDED_STATUS_FIELDS.has(k));
      if (!outcome) return { docs: await withBroadcastPayloads(await records.follow(await page(q))), resumeAfter: null };
      const [key, status] = outcome;
      const field = RECORDED_STATUS_FIELDS.get(key)!;
      const has = (d: NotificationDoc) => d[field]?.status === status;
      if (status === 'pending') return pendingPage(q, has);
      const [stored, recorded] = await Promise.all([page(q), records.idsWithOutcome({ ...q, field, status: String(status) })]);
      const byRecord = recorded.length > 0 ? await col.find({ _id: { $in: recorded }, project_id: q.projectId }, { projection: ACTIVITY_PROJECTION }).toArray() : [];
      const docs = await records.follow([...stored, ...byRecord].sort(newestFirst));
      return { docs: await withBroadcastPayloads(docs.filter(has).slice(0, q.limit)), resumeAfter: null };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
