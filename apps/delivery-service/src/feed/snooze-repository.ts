import type { Collection, Db } from 'mongodb';
import { createPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { createIndexesOneByOne, holdingOnly } from '../kernel/store/partial-indexes';
import { retryBusy } from '../kernel/store/store-retry';

const LIST_PROJECTION = { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } as const;

/**
 * Snoozes over the notifications collection: a snoozed notification has `snoozed: true` and
 * `snoozed_until`, is seen and not archived, and is out of the feed and its counts until it wakes
 * (its `snooze` timer) or is unsnoozed. The feed repository leaves snoozed documents out.
 */
export function createSnoozeRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const withPayloads = createPayloadFiller(db);
  const owned = (projectId: number, recipientId: string, ids: number[]) => ({ _id: { $in: ids }, project_id: projectId, recipient_id: recipientId, status: 'delivered' as const });

  return {
    async ensureIndexes(): Promise<void> {
      // The snoozed term of the unread count ({project, recipient, status, snoozed: true}, with
      // `read: false`): the recipient's snoozed notifications only, the only ones with an entry.
      await createIndexesOneByOne(col, [{ key: { project_id: 1, recipient_id: 1, status: 1, snoozed: 1 }, name: 'feed_snoozed', ...holdingOnly('snoozed') }]);
    },

    /** The recipient's delivered notifications among `ids`, with their current snooze (by _id). */
    async snoozesOf(projectId: number, recipientId: string, ids: number[]): Promise<{ id: number; until: Date | null }[]> {
      const docs = await col.find(owned(projectId, recipientId, ids), { projection: { _id: 1, snoozed_until: 1 } }).toArray();
      return docs.map((d) => ({ id: d._id, until: d.snoozed_until ?? null }));
    },

    /** Snoozes these notifications of the recipient until `until` (seen, not archived); returns them after. */
    async snooze(projectId: number, recipientId: string, ids: number[], until: Date, now: Date): Promise<NotificationDoc[]> {
      const filter = owned(projectId, recipientId, ids);
      await retryBusy(() => col.updateMany(filter, { $set: { snoozed: true, snoozed_until: until, seen: true, archived: false, updated_at: now } }));
      return withPayloads(await col.find(filter, { projection: LIST_PROJECTION }).toArray());
    },

    /** Ends the snooze of these notifications now (back in the feed as they were, at their place); returns those this call changed, after. */
    async unsnooze(projectId: number, recipientId: string, ids: number[], now: Date): Promise<NotificationDoc[]> {
      const filter = { ...owned(projectId, recipientId, ids), snoozed: true };
      const changed = await col.find(filter, { projection: { _id: 1 } }).toArray();
      if (changed.length === 0) return [];
      await retryBusy(() => col.updateMany(filter, { $set: { updated_at: now }, $unset: { snoozed: '', snoozed_until: '' } }));
      return withPayloads(await col.find({ _id: { $in: changed.map((d) => d._id) } }, { projection: LIST_PROJECTION }).toArray());
    },

    /**
     * Wakes a notification snoozed until `until` (a later snooze, an unsnooze or an archive since
     * leaves it alone): unread, unseen, back in the feed on top, at `feedOrder` (an id allocated
     * now). Returns it after, or null when this call changed nothing.
     */
    async wake(projectId: number, id: number, until: Date, feedOrder: number, now: Date): Promise<NotificationDoc | null> {
      const r = await retryBusy(() =>
        col.updateOne(
          { _id: id, project_id: projectId, snoozed: true, snoozed_until: until },
          { $set: { read: false, seen: false, feed_order: feedOrder, read_changed_at: now, updated_at: now }, $unset: { snoozed: '', snoozed_until: '' } },
        ),
      );
      if (r.modifiedCount !== 1) return null;
      return (await withPayloads([await col.findOne({ _id: id }, { projection: LIST_PROJECTION })]))[0];
    },
  };
}

export type SnoozeRepository = ReturnType<typeof createSnoozeRepository>;
