import type { Db, WithId } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';

/** `deleting`: the list is being removed; reads answer not found, a create of the same key finishes the job. */
export type ListState = 'active' | 'deleting';

interface ListDoc {
  project_id: number;
  /** Internal id (a sequence): subscriptions name it, so a list created again under a deleted key starts empty. */
  list_id: number;
  key: string;
  name: string;
  description: string | null;
  self_service: boolean;
  /** Recounted after each write to the list's subscriptions. */
  subscriber_count: number;
  state: ListState;
  created_at: Date;
  updated_at: Date;
}

export interface ListRecord {
  listId: number;
  key: string;
  name: string;
  description: string | null;
  selfService: boolean;
  subscriberCount: number;
  state: ListState;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewList {
  listId: number;
  key: string;
  name: string;
  description: string | null;
  selfService: boolean;
}

export interface ListChanges {
  name?: string;
  description?: string | null;
  selfService?: boolean;
}

const toRecord = (d: WithId<ListDoc>): ListRecord => ({
  listId: d.list_id,
  key: d.key,
  name: d.name,
  description: d.description,
  selfService: d.self_service,
  subscriberCount: d.subscriber_count,
  state: d.state,
  createdAt: d.created_at,
  updatedAt: d.updated_at,
});

export function createListRepository(db: Db) {
  const col = db.collection<ListDoc>('lists');
  const active = (projectId: number, key: string) => ({ project_id: projectId, key, state: 'active' as const });

  return {
    async ensureIndexes(): Promise<void> {
      // Get/update/delete by key, one list per key per project (unique), GetLists' pages in key
      // order and the count of a project's lists (its total counted afresh).
      await col.createIndex({ project_id: 1, key: 1 }, { unique: true, name: 'project_key_unique' });
      // A recipient's lists: the list ids of their subscriptions looked up at once (`$in`).
      await col.createIndex({ project_id: 1, list_id: 1 }, { name: 'project_list_id' });
      // The self-service lists a recipient may follow (ListSelfServiceLists), in key order after a cursor.
      await col.createIndex({ project_id: 1, self_service: 1, key: 1 }, { name: 'project_self_service_key' });
    },

    /** Null when the key is taken (in any state). */
    async insert(projectId: number, l: NewList, now: Date): Promise<ListRecord | null> {
      const doc: ListDoc = {
        project_id: projectId, list_id: l.listId, key: l.key, name: l.name, description: l.description, self_service: l.selfService,
        subscriber_count: 0, state: 'active', created_at: now, updated_at: now,
      };
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) return null;
        throw err;
      }
      return toRecord(doc as WithId<ListDoc>);
    },

    async find(projectId: number, key: string): Promise<ListRecord | null> {
      const doc = await col.findOne({ project_id: projectId, key });
      return doc && toRecord(doc);
    },

    async findActive(projectId: number, key: string): Promise<ListRecord | null> {
      const doc = await col.findOne(active(projectId, key));
      return doc && toRecord(doc);
    },

    /** Active lists among these internal ids, in key order. */
    async findActiveByIds(projectId: number, listIds: number[]): Promise<ListRecord[]> {
      if (listIds.length === 0) return [];
      const docs = await col.find({ project_id: projectId, list_id: { $in: listIds }, state: 'active' }).toArray();
      return docs.map(toRecord).sort((a, b) => (a.key < b.key ? -1 : 1));
    },

    /** Active lists whose key sorts after `afterKey`, in key order. */
    async page(projectId: number, afterKey: string, limit: number): Promise<ListRecord[]> {
      const docs = await col.find({ project_id: projectId, key: { $gt: afterKey }, state: 'active' }).sort({ key: 1 }).limit(limit).toArray();
      return docs.map(toRecord);
    },

    /** Active self-service lists whose key sorts after `afterKey`, in key order. */
    async pageSelfService(projectId: number, afterKey: string, limit: number): Promise<ListRecord[]> {
      const docs = await col.find({ project_id: projectId, self_service: true, key: { $gt: afterKey }, state: 'active' }).sort({ key: 1 }).limit(limit).toArray();
      return docs.map(toRecord);
    },

    /** Lists of a project in any state (one being deleted counts until it is gone): its total counted afresh. */
    async count(projectId: number): Promise<number> {
      return col.countDocuments({ project_id: projectId });
    },

    async update(projectId: number, key: string, changes: ListChanges, now: Date): Promise<ListRecord | null> {
      const set: Partial<ListDoc> = { updated_at: now };
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.selfService !== undefined) set.self_service = changes.selfService;
      const doc = await col.findOneAndUpdate(active(projectId, key), { $set: set }, { returnDocument: 'after' });
      return doc && toRecord(doc);
    },

    async setSubscriberCount(projectId: number, listId: number, count: number): Promise<void> {
      await col.updateOne({ project_id: projectId, list_id: listId }, { $set: { subscriber_count: count } });
    },

    /** Starts (or finds already started) the removal of a list; null when it does not exist. */
    async markDeleting(projectId: number, key: string, now: Date): Promise<ListRecord | null> {
      const started = await col.findOneAndUpdate(active(projectId, key), { $set: { state: 'deleting', updated_at: now } }, { returnDocument: 'after' });
      if (started) return toRecord(started);
      const pending = await col.findOne({ project_id: projectId, key, state: 'deleting' });
      return pending && toRecord(pending);
    },

    /** False when it was gone already. */
    async remove(projectId: number, listId: number): Promise<boolean> {
      const { deletedCount } = await col.deleteOne({ project_id: projectId, list_id: listId });
      return deletedCount === 1;
    },
  };
}

export type ListRepository = ReturnType<typeof createListRepository>;
