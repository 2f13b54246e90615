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

/** A removal: the recipients read as subscribed just before it, and how many subscriptions its delete removed (what the project's total loses). */
export interface Removal {
  removed: string[];
  deleted: number;
}

const idOf = (projectId: number, listId: number, recipientId: string) => `${projectId}:${listId}:${recipientId}`;

export function createSubscriptionRepository(db: Db) {
  const col = db.collection<SubscriptionDoc>('list_subscriptions');
  const ofList = (projectId: number, listId: number) => ({ project_id: projectId, list_id: listId });

  /**
   * Which of these (distinct) recipients are subscribed to the list. Counted first: none (a fresh
   * subscribe) or all (a retried one) is answered by the count, which decodes no document; only a
   * mix reads the subscriptions.
   */
  async function subscribedAmong(projectId: number, listId: number, recipientIds: string[]): Promise<Set<string>> {
    if (recipientIds.length === 0) return new Set();
    const filter = { _id: { $in: recipientIds.map((r) => idOf(projectId, listId, r)) } };
    const present = await col.countDocuments(filter);
    if (present === 0) return new Set();
    if (present === recipientIds.length) return new Set(recipientIds);
    const docs = await col.find(filter, { projection: { recipient_id: 1 } }).toArray();
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

    /**
     * Removes the subscriptions; `removed`: the recipients that were subscribed (read just before the
     * delete, so two concurrent removals may both name one), `deleted`: how many this delete removed.
     */
    async removeMany(projectId: number, listId: number, recipientIds: string[]): Promise<Removal> {
      const removed = [...(await subscribedAmong(projectId, listId, recipientIds))];
      if (removed.length === 0) return { removed, deleted: 0 };
      const { deletedCount } = await col.deleteMany({ _id: { $in: removed.map((r) => idOf(projectId, listId, r)) } });
      return { removed, deleted: deletedCount };
    },

    async count(projectId: number, listId: number): Promise<number> {
      return col.countDocuments(ofList(projectId, listId));
    },

    /** Every subscription of the project (lists being deleted included): what its total is counted from. */
    async countOfProject(projectId: number): Promise<number> {
      return col.countDocuments({ project_id: projectId });
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

    /** Removes up to `batch` subscriptions of a list (`removed` empty: none left). */
    async removeBatchOfList(projectId: number, listId: number, batch: number): Promise<Removal> {
      const docs = await col.find(ofList(projectId, listId), { projection: { _id: 1, recipient_id: 1 } }).limit(batch).toArray();
      if (docs.length === 0) return { removed: [], deleted: 0 };
      const { deletedCount } = await col.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
      return { removed: docs.map((d) => d.recipient_id), deleted: deletedCount };
    },

    /** The internal ids of the lists a recipient is subscribed to. */
    async listIdsOf(projectId: number, recipientId: string): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId }, { projection: { _id: 0, list_id: 1 } }).toArray();
      return docs.map((d) => d.list_id);
    },

    /** Removes every subscription of the recipient; returns how many this delete removed. */
    async removeAllOf(projectId: number, recipientId: string): Promise<number> {
      const { deletedCount } = await col.deleteMany({ project_id: projectId, recipient_id: recipientId });
      return deletedCount;
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
