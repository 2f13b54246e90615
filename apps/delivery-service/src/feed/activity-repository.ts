import type { Collection, Db, Filter, IndexDescription } from 'mongodb';
import { createPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { OUTBOUND_MEDIUMS, outcomeField, type OutcomeField } from '../kernel/outbound';
import { createOutcomeRecords, RECORDED_MEDIUMS } from '../kernel/store/outcome-records';

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

/** Newest first: by creation time, then id (the order every activity index ends in). */
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;
const newestFirst = (a: NotificationDoc, b: NotificationDoc) => b.created_at.getTime() - a.created_at.getTime() || b._id - a._id;

/** The outcome fields whose later outcomes are appended records (kernel/store/outcome-records.ts). */
const RECORDED_FIELDS = new Set<string>(RECORDED_MEDIUMS.map(outcomeField));
const LIST_PROJECTION = { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } as const;

/** The project's notifications for the operator's activity log (the console, `GET /notifications`). */
export function createActivityRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const withPayloads = createPayloadFiller(db);
  const records = createOutcomeRecords(db);

  const createdRange = (q: Pick<ActivityQuery, 'since' | 'until' | 'after'>) => {
    const created: { $gte?: Date; $lt?: Date; $lte?: Date } = {};
    if (q.since) created.$gte = q.since;
    if (q.until) created.$lt = q.until;
    if (q.after) created.$lte = q.after.createdAt;
    return created;
  };

  /** One page of the store's notifications under the query's filter, newest first. */
  async function page(q: ActivityQuery): Promise<NotificationDoc[]> {
    const filter: Filter<NotificationDoc> = { project_id: q.projectId, ...q.filter };
    if (q.after) filter.$or = [{ created_at: { $lt: q.after.createdAt } }, { created_at: q.after.createdAt, _id: { $lt: q.after.id } }];
    const created = createdRange(q);
    if (Object.keys(created).length > 0) filter.created_at = created;
    return col.find(filter, { projection: LIST_PROJECTION }).sort(NEWEST_FIRST).limit(q.limit).toArray();
  }

  /**
   * Still pending: those stored pending whose records did not move them on. Reads on past the ones
   * that did, page by page, until the page is full (a project's sent messages are all stored
   * pending: this filter reads past them).
   */
  async function pendingPage(q: ActivityQuery, has: (d: NotificationDoc) => boolean): Promise<NotificationDoc[]> {
    const out: NotificationDoc[] = [];
    for (let after = q.after; out.length < q.limit; ) {
      const docs = await page({ ...q, after });
      await withPayloads(docs);
      out.push(...docs.filter(has));
      if (docs.length < q.limit) break;
      const last = docs[docs.length - 1];
      after = { createdAt: last.created_at, id: last._id };
    }
    return out.slice(0, q.limit);
  }

  return {
    async ensureIndexes(): Promise<void> {
      // Each serves one filter combination of activity-filter.ts (ACTIVITY_SHAPES), newest first,
      // with or without a time range. One createIndex call per index (FerretDB 1.24, see feed-repository.ts).
      const specs: IndexDescription[] = [
        // No filter: the project's log.
        { key: { project_id: 1, ...NEWEST_FIRST }, name: 'activity' },
        // recipient_id.
        { key: { project_id: 1, recipient_id: 1, ...NEWEST_FIRST }, name: 'activity_recipient' },
        // recipient_id + status.
        { key: { project_id: 1, recipient_id: 1, status: 1, ...NEWEST_FIRST }, name: 'activity_recipient_status' },
        // status.
        { key: { project_id: 1, status: 1, ...NEWEST_FIRST }, name: 'activity_status' },
        // channel, channel + topic, channel + topic + event (its prefixes).
        { key: { project_id: 1, 'target.channel': 1, 'target.topic': 1, 'target.event': 1, ...NEWEST_FIRST }, name: 'activity_target' },
        // broadcast_id.
        { key: { project_id: 1, broadcast_id: 1, ...NEWEST_FIRST }, name: 'activity_broadcast' },
        // medium + outcome, one per outbound medium ("email failed", "sms skipped").
        ...OUTBOUND_MEDIUMS.map((m): IndexDescription => ({ key: { project_id: 1, [`${outcomeField(m)}.status`]: 1, ...NEWEST_FIRST }, name: `activity_${outcomeField(m)}` })),
      ];
      for (const { key, ...options } of specs) await col.createIndex(key, options);
    },

    async list(q: ActivityQuery): Promise<NotificationDoc[]> {
      const outcome = Object.entries(q.filter).find(([k]) => k.endsWith('.status') && RECORDED_FIELDS.has(k.slice(0, -'.status'.length)));
      if (!outcome) return withPayloads(await page(q));
      const [key, status] = outcome;
      const field = key.slice(0, -'.status'.length) as OutcomeField;
      const has = (d: NotificationDoc) => d[field]?.status === status;
      if (status === 'pending') return pendingPage(q, has);
      // Ended on the notification itself (when it was written, or before the records), or by a record.
      const [stored, recorded] = await Promise.all([page(q), records.idsWithOutcome({ projectId: q.projectId, field, status: String(status), createdAt: createdRange(q), after: q.after, limit: q.limit })]);
      const byRecord = recorded.length > 0 ? await col.find({ _id: { $in: recorded }, project_id: q.projectId }, { projection: LIST_PROJECTION }).toArray() : [];
      const docs = await withPayloads([...stored, ...byRecord].sort(newestFirst));
      return docs.filter(has).slice(0, q.limit);
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
