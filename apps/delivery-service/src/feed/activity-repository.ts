import type { Collection, Db, Filter, IndexDescription } from 'mongodb';
import { createPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { OUTBOUND_MEDIUMS, outcomeField } from '../kernel/outbound';
import { outcomeStatusField } from '../kernel/store/activity-keys';

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

/**
 * The start of every time range: a page always carries a range on `created_at`, open or not. It
 * tells the local store (FerretDB on SQLite as patched) that every key it orders by there is a date,
 * which it must know to read the index in order with a LIMIT; without it, it decodes and sorts
 * every notification the filter matches.
 */
const EPOCH = new Date(0);

/** What the log never shows: the contents kept for sending and the settings snapshot. */
const ACTIVITY_PROJECTION = { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } as const;

/** The project's notifications for the operator's activity log (the console, `GET /notifications`). */
export function createActivityRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const withPayloads = createPayloadFiller(db);

  return {
    async ensureIndexes(): Promise<void> {
      // Each serves one filter combination of activity-filter.ts (ACTIVITY_SHAPES), newest first,
      // with or without a time range. One createIndex call per index (FerretDB 1.24, see feed-repository.ts).
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
        // medium + outcome, one per outbound medium ("email failed", "sms skipped").
        ...OUTBOUND_MEDIUMS.map((m): IndexDescription => ({ key: { project_id: 1, [outcomeStatusField(m)]: 1, ...NEWEST_FIRST }, name: `activity_${outcomeStatusField(m)}` })),
      ];
      for (const { key, ...options } of specs) await col.createIndex(key, options);
      // The earlier indexes on the nested paths, which the copies replaced: each costs every insert.
      for (const name of ['activity_target', ...OUTBOUND_MEDIUMS.map((m) => `activity_${outcomeField(m)}`)]) await col.dropIndex(name).catch(() => undefined);
    },

    /**
     * A page newest first. A later page is two queries rather than one `$or` (notifications created
     * at the cursor's instant with a smaller id, then those created before it): each is a plain
     * conjunction of top-level conditions, which the local store (FerretDB on SQLite as patched)
     * answers from the index in order with a LIMIT, where an `$or` made it read every match.
     */
    async list(q: ActivityQuery): Promise<NotificationDoc[]> {
      const page = (conditions: Filter<NotificationDoc>, limit: number) =>
        col.find({ project_id: q.projectId, ...q.filter, ...conditions }, { projection: ACTIVITY_PROJECTION }).sort(NEWEST_FIRST).limit(limit).toArray();
      const since = { $gte: q.since ?? EPOCH };
      if (!q.after) return withPayloads(await page({ created_at: { ...since, ...(q.until ? { $lt: q.until } : {}) } }, q.limit));
      const at = q.after.createdAt;
      const atInRange = (!q.since || at >= q.since) && (!q.until || at < q.until);
      const sameInstant = atInRange ? await page({ created_at: at, _id: { $lt: q.after.id } }, q.limit) : [];
      const end = q.until && q.until < at ? q.until : at;
      const before = sameInstant.length < q.limit ? await page({ created_at: { ...since, $lt: end } }, q.limit - sameInstant.length) : [];
      return withPayloads([...sameInstant, ...before]);
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
