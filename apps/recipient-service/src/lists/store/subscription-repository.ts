import type { Db } from 'mongodb';
import { duplicateKeyWriteIndexes } from '@herald/service-kit';

interface SubscriptionDoc {
  /** `<project>:<list id>:<recipient id>`: one subscription per recipient per list, and a retried insert is refused by the primary key. */
  _id: string;
  project_id: number;
  list_id: number;
  recipient_id: string;
  /** The recipient's incarnation when subscribed (a list send stamps it on each notification); absent on subscriptions stored before it was kept. */
  recipient_seq?: number;
  created_at: Date;
}

/** A subscriber as a list send reads it: the recipient and its incarnation (null: not kept on the subscription). */
export interface Subscriber {
  recipientId: string;
  seq: number | null;
}

const idOf = (projectId: number, listId: number, recipientId: string) => `${projectId}:${listId}:${recipientId}`;

export function createSubscriptionRepository(db: Db) {
  const col = db.collection<SubscriptionDoc>('list_subscriptions');
  const ofList = (projectId: number, listId: number) => ({ project_id: projectId, list_id: listId });

  /** Which of these recipients are subscribed to the list. */
  async function subscribedAmong(projectId: number, listId: number, recipientIds: string[]): Promise<Set<string>> {
    if (recipientIds.length === 0) return new Set();
    const ids = recipientIds.map((r) => idOf(projectId, listId, r));
    const docs = await col.find({ _id: { $in: ids } }, { projection: { recipient_id: 1 } }).toArray();
    return new Set(docs.map((d) => d.recipient_id));
  }

  return {
    async ensureIndexes(): Promise<void> {
      // A list's subscribers in recipient id order after a cursor (ListSubscribers), their count,
      // and the batches that remove a deleted list's subscriptions.
      await col.createIndex({ project_id: 1, list_id: 1, recipient_id: 1 }, { name: 'project_list_recipient' });
      // A recipient's lists (ListRecipientLists) and the removal of their subscriptions on erasure.
      await col.createIndex({ project_id: 1, recipient_id: 1 }, { name: 'project_recipient' });
    },

    subscribedAmong,

    /** Which of these lists the recipient is subscribed to (looked up by primary key). */
    async listIdsAmong(projectId: number, recipientId: string, listIds: number[]): Promise<Set<number>> {
      if (listIds.length === 0) return new Set();
      const ids = listIds.map((l) => idOf(projectId, l, recipientId));
      const docs = await col.find({ _id: { $in: ids } }, { projection: { list_id: 1 } }).toArray();
      return new Set(docs.map((d) => d.list_id));
    },

    /** Inserts the subscriptions (each recipient with its incarnation) in one unordered write; returns the recipients that were new (duplicates are already there). */
    async insertMany(projectId: number, listId: number, subscribers: { recipientId: string; seq: number }[], now: Date): Promise<string[]> {
      if (subscribers.length === 0) return [];
      const recipientIds = subscribers.map((r) => r.recipientId);
      const docs = subscribers.map((r) => ({ _id: idOf(projectId, listId, r.recipientId), ...ofList(projectId, listId), recipient_id: r.recipientId, recipient_seq: r.seq, created_at: now }));
      try {
        await col.insertMany(docs, { ordered: false });
        return recipientIds;
      } catch (err) {
        const refused = duplicateKeyWriteIndexes(err);
        if (!refused) throw err;
        const taken = new Set(refused);
        return recipientIds.filter((_, i) => !taken.has(i));
      }
    },

    /** Removes the subscriptions; returns the recipients that were subscribed (read just before the delete, so two concurrent removals may both name one). */
    async removeMany(projectId: number, listId: number, recipientIds: string[]): Promise<string[]> {
      const present = [...(await subscribedAmong(projectId, listId, recipientIds))];
      if (present.length === 0) return [];
      await col.deleteMany({ _id: { $in: present.map((r) => idOf(projectId, listId, r)) } });
      return present;
    },

    async count(projectId: number, listId: number): Promise<number> {
      return col.countDocuments(ofList(projectId, listId));
    },

    /** Subscribers of the list after `afterRecipientId`, in recipient id order, with their incarnations. */
    async page(projectId: number, listId: number, afterRecipientId: string, limit: number): Promise<Subscriber[]> {
      const docs = await col
        .find({ ...ofList(projectId, listId), recipient_id: { $gt: afterRecipientId } }, { projection: { _id: 0, recipient_id: 1, recipient_seq: 1 } })
        .sort({ recipient_id: 1 })
        .limit(limit)
        .toArray();
      return docs.map((d) => ({ recipientId: d.recipient_id, seq: d.recipient_seq ?? null }));
    },

    /** Removes up to `batch` subscriptions of a list; returns the recipients it removed (none: none left). */
    async removeBatchOfList(projectId: number, listId: number, batch: number): Promise<string[]> {
      const docs = await col.find(ofList(projectId, listId), { projection: { _id: 1, recipient_id: 1 } }).limit(batch).toArray();
      if (docs.length === 0) return [];
      await col.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
      return docs.map((d) => d.recipient_id);
    },

    /** The internal ids of the lists a recipient is subscribed to. */
    async listIdsOf(projectId: number, recipientId: string): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId }, { projection: { _id: 0, list_id: 1 } }).toArray();
      return docs.map((d) => d.list_id);
    },

    async removeAllOf(projectId: number, recipientId: string): Promise<void> {
      await col.deleteMany({ project_id: projectId, recipient_id: recipientId });
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
