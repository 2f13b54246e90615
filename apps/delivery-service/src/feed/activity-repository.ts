import type { Collection, Db, Filter, IndexDescription } from 'mongodb';
import { createPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { OUTBOUND_MEDIUMS, outcomeField } from '../kernel/outbound';

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

/** The project's notifications for the operator's activity log (the console, `GET /notifications`). */
export function createActivityRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const withPayloads = createPayloadFiller(db);

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
      const created: { $gte?: Date; $lt?: Date; $lte?: Date } = {};
      if (q.since) created.$gte = q.since;
      if (q.until) created.$lt = q.until;
      const filter: Filter<NotificationDoc> = { project_id: q.projectId, ...q.filter };
      if (q.after) {
        created.$lte = q.after.createdAt;
        filter.$or = [{ created_at: { $lt: q.after.createdAt } }, { created_at: q.after.createdAt, _id: { $lt: q.after.id } }];
      }
      if (Object.keys(created).length > 0) filter.created_at = created;
      const docs = await col.find(filter, { projection: { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } }).sort(NEWEST_FIRST).limit(q.limit).toArray();
      return withPayloads(docs);
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
