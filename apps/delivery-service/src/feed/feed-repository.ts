import type { Collection, Db, Filter, IndexDescription } from 'mongodb';
import { createPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { retryBusy } from '../kernel/store/store-retry';

export interface FeedQuery {
  projectId: number;
  recipientId: string;
  limit: number;
  /** Only ids below this one (the cursor). */
  beforeId: number | null;
  read: boolean | null;
}

/** The recipient's feed over the notifications collection: pages, the unread count, read and opened flags. */
export function createFeedRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const withPayloads = createPayloadFiller(db);
  const withPayload = async <D extends NotificationDoc | null>(doc: D): Promise<D> => (await withPayloads([doc]))[0];

  return {
    async ensureIndexes(): Promise<void> {
      // One createIndex call per index: FerretDB 1.24 drops the connection when a single
      // createIndexes call lists several indexes that already exist (a restart on kept data).
      const specs: IndexDescription[] = [
        // Feed list (delivered, newest first, cursor on _id), and the erasure of a recipient's
        // notifications ({project, recipient} prefix).
        { key: { project_id: 1, recipient_id: 1, status: 1, _id: -1 }, name: 'feed' },
        // The unread-only feed page (newest first, cursor on _id: a walk of the page, whatever the
        // recipient's unread count), the unread count and mark-all-read (its {…, read} prefix).
        // It replaces `feed_unread` {project, recipient, status, read}, with which a store may sort
        // every unread match to answer a page (the local store's SQLite planner did: measured 2×
        // the page of a recipient with 10 for one with 5,000 unread).
        { key: { project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 }, name: 'feed_unread_by_id' },
      ];
      for (const { key, ...options } of specs) await col.createIndex(key, options);
      // `feed_unread` is replaced by `feed_unread_by_id` (above, created first, so a running older
      // replica always has one of them).
      await col.dropIndex('feed_unread').catch(() => undefined);
    },

    async listFeed(q: FeedQuery): Promise<NotificationDoc[]> {
      const filter: Filter<NotificationDoc> = { project_id: q.projectId, recipient_id: q.recipientId, status: 'delivered' };
      if (q.beforeId !== null) filter._id = { $lt: q.beforeId };
      if (q.read !== null) filter.read = q.read;
      return withPayloads(await col.find(filter, { projection: { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } }).sort({ _id: -1 }).limit(q.limit).toArray());
    },
    async countUnread(projectId: number, recipientId: string): Promise<number> {
      return col.countDocuments({ project_id: projectId, recipient_id: recipientId, status: 'delivered', read: false });
    },
    /**
     * Sets read/opened on one delivered notification of the recipient: each flag is written only
     * when it changes (conditional on the other value), stamping its change time. Returns the
     * document after, and which flags this call changed; null when there is no such notification.
     */
    async updateFlags(
      projectId: number,
      recipientId: string,
      id: number,
      flags: { read?: boolean; opened?: boolean },
      now: Date,
    ): Promise<{ doc: NotificationDoc; changed: { read?: boolean; opened?: boolean } } | null> {
      const filter = { _id: id, project_id: projectId, recipient_id: recipientId, status: 'delivered' as const };
      const changed: { read?: boolean; opened?: boolean } = {};
      if (flags.read !== undefined) {
        const v = flags.read;
        const r = await retryBusy(() => col.updateOne({ ...filter, read: !v }, { $set: { read: v, read_changed_at: now, updated_at: now } }));
        if (r.modifiedCount === 1) changed.read = v;
      }
      if (flags.opened !== undefined) {
        const v = flags.opened;
        const r = await retryBusy(() => col.updateOne({ ...filter, opened: !v }, { $set: { opened: v, opened_changed_at: now, updated_at: now } }));
        if (r.modifiedCount === 1) changed.opened = v;
      }
      const doc = await withPayload(await col.findOne(filter));
      return doc ? { doc, changed } : null;
    },
    /** The ids of the recipient's unread delivered notifications (the feed_unread_by_id index). */
    async unreadIds(projectId: number, recipientId: string): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId, status: 'delivered', read: false }, { projection: { _id: 1 } }).toArray();
      return docs.map((d) => d._id);
    },
    /** Marks these notifications read where still unread, stamping `now`; returns those this call changed. */
    async markRead(ids: number[], now: Date): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, read: false }, { $set: { read: true, read_changed_at: now, updated_at: now } }));
      return withPayloads(await col.find({ _id: { $in: ids }, read: true, read_changed_at: now }, { projection: { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } }).toArray());
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
