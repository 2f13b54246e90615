import type { Db, WithId } from 'mongodb';
import { duplicateKeyWriteIndexes, isDuplicateKey } from '@herald/service-kit';
import { prefixRange } from '../domain/prefix-range';

/** `deleting`: erasure started; reads answer not found, a retried delete finishes the job. */
export type RecipientState = 'active' | 'deleting';

interface RecipientDoc {
  project_id: number;
  recipient_id: string;
  name: string | null;
  /** Creation order within the service (paging and fan-out cursors). */
  seq: number;
  state: RecipientState;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RecipientRecord {
  id: string;
  name: string | null;
  seq: number;
  state: RecipientState;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewRecipient {
  id: string;
  name: string | null;
  seq: number;
}

const UPDATE_CHUNK = 50;
/** Widest seq window one query names (the local FerretDB pushes `$in` lists of up to 1,000 down to its index). */
export const SEQ_WINDOW_MAX = 1000;

const toRecord = (d: WithId<RecipientDoc>): RecipientRecord => ({
  id: d.recipient_id,
  name: d.name,
  seq: d.seq,
  state: d.state,
  deletedAt: d.deleted_at,
  createdAt: d.created_at,
  updatedAt: d.updated_at,
});

export function createRecipientRepository(db: Db) {
  const col = db.collection<RecipientDoc>('recipients');
  const key = (projectId: number, id: string) => ({ project_id: projectId, recipient_id: id });
  const newDoc = (projectId: number, r: NewRecipient, now: Date): RecipientDoc => ({
    ...key(projectId, r.id), name: r.name, seq: r.seq, state: 'active', deleted_at: null, created_at: now, updated_at: now,
  });

  return {
    async ensureIndexes(): Promise<void> {
      // Get/update/delete/ensure by id and the batch's `$in` lookup of existing ids; being unique,
      // it is what makes "one recipient per id per project" hold under concurrent creates.
      await col.createIndex({ project_id: 1, recipient_id: 1 }, { unique: true, name: 'project_recipient_unique' });
      // ListRecipients and StreamRecipientIds: a project's recipients in creation order after a cursor.
      await col.createIndex({ project_id: 1, seq: 1 }, { name: 'project_seq' });
      // Recipient search by name prefix (the id prefix uses project_recipient_unique).
      await col.createIndex({ project_id: 1, name: 1 }, { name: 'project_name' });
    },

    /** Null when the id is taken (in any state). */
    async insert(projectId: number, r: NewRecipient, now: Date): Promise<RecipientRecord | null> {
      const doc = newDoc(projectId, r, now);
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) return null;
        throw err;
      }
      return toRecord(doc as WithId<RecipientDoc>);
    },

    /** Inserts many at once (unordered); returns the ids refused because they already exist. */
    async insertMany(projectId: number, items: NewRecipient[], now: Date): Promise<Set<string>> {
      if (items.length === 0) return new Set();
      try {
        await col.insertMany(items.map((r) => newDoc(projectId, r, now)), { ordered: false });
        return new Set();
      } catch (err) {
        const refused = duplicateKeyWriteIndexes(err);
        if (!refused) throw err;
        return new Set(refused.map((i) => items[i].id));
      }
    },

    async find(projectId: number, id: string): Promise<RecipientRecord | null> {
      const doc = await col.findOne(key(projectId, id));
      return doc && toRecord(doc);
    },

    async findActive(projectId: number, id: string): Promise<RecipientRecord | null> {
      const doc = await col.findOne({ ...key(projectId, id), state: 'active' });
      return doc && toRecord(doc);
    },

    /** Active recipients whose id, then whose name, starts with `prefix`: up to `limit` of each, each on its index. */
    async withIdOrNameStarting(projectId: number, prefix: string, limit: number): Promise<RecipientRecord[]> {
      const range = prefixRange(prefix);
      const [byId, byName] = await Promise.all([
        col.find({ project_id: projectId, recipient_id: range, state: 'active' }).sort({ recipient_id: 1 }).limit(limit).toArray(),
        col.find({ project_id: projectId, name: range, state: 'active' }).sort({ name: 1 }).limit(limit).toArray(),
      ]);
      return [...byId, ...byName].map(toRecord);
    },

    /** The incarnations of those of these ids that are active recipients: only the id and the sequence are read. */
    async activeSeqs(projectId: number, ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const docs = await col.find({ project_id: projectId, recipient_id: { $in: ids }, state: 'active' }, { projection: { _id: 0, recipient_id: 1, seq: 1 } }).toArray();
      return new Map(docs.map((d) => [d.recipient_id, d.seq]));
    },

    async findMany(projectId: number, ids: string[]): Promise<RecipientRecord[]> {
      if (ids.length === 0) return [];
      return (await col.find({ project_id: projectId, recipient_id: { $in: ids } }).toArray()).map(toRecord);
    },

    async setName(projectId: number, id: string, name: string | null, now: Date): Promise<RecipientRecord | null> {
      const doc = await col.findOneAndUpdate(
        { ...key(projectId, id), state: 'active' },
        { $set: { name, updated_at: now } },
        { returnDocument: 'after' },
      );
      return doc && toRecord(doc);
    },

    /** Many name changes in a few bulk writes; recipients not active are left alone. */
    async setNames(projectId: number, changes: { id: string; name: string | null }[], now: Date): Promise<void> {
      const ops = changes.map((c) => ({
        updateOne: { filter: { ...key(projectId, c.id), state: 'active' as const }, update: { $set: { name: c.name, updated_at: now } } },
      }));
      // FerretDB v1.24 never answers an `update` command of 100 or more statements: chunk below that.
      for (let i = 0; i < ops.length; i += UPDATE_CHUNK) await col.bulkWrite(ops.slice(i, i + UPDATE_CHUNK), { ordered: true });
    },

    /** Starts (or finds already started) the erasure of a recipient; null when it does not exist. */
    async markDeleting(projectId: number, id: string, now: Date): Promise<RecipientRecord | null> {
      const started = await col.findOneAndUpdate(
        { ...key(projectId, id), state: 'active' },
        { $set: { state: 'deleting', deleted_at: now, updated_at: now } },
        { returnDocument: 'after' },
      );
      if (started) return toRecord(started);
      const pending = await col.findOne({ ...key(projectId, id), state: 'deleting' });
      return pending && toRecord(pending);
    },

    /** Removes one incarnation (by its seq) of a recipient. */
    async remove(projectId: number, id: string, seq: number): Promise<void> {
      await col.deleteOne({ ...key(projectId, id), seq });
    },

    /** Active recipients created after `afterSeq`, oldest first. */
    async page(projectId: number, afterSeq: number, limit: number): Promise<RecipientRecord[]> {
      const docs = await col
        .find({ project_id: projectId, seq: { $gt: afterSeq }, state: 'active' })
        .sort({ seq: 1 })
        .limit(limit)
        .toArray();
      return docs.map(toRecord);
    },

    /**
     * Active recipients whose seq is in (fromSeq, toSeq], oldest first; at most SEQ_WINDOW_MAX seqs
     * wide. The filter names each seq of the range (`$in`), so the store reads the (project, seq)
     * index at those points only: a window costs the same wherever it lies, on a store that pushes
     * no range or sort+limit down (the local FerretDB) as on MongoDB.
     */
    async idsInSeqWindow(projectId: number, fromSeq: number, toSeq: number): Promise<{ id: string; seq: number }[]> {
      if (toSeq <= fromSeq) return [];
      if (toSeq - fromSeq > SEQ_WINDOW_MAX) throw new Error(`seq window wider than ${SEQ_WINDOW_MAX}`);
      const seqs = Array.from({ length: toSeq - fromSeq }, (_, i) => fromSeq + 1 + i);
      const docs = await col.find({ project_id: projectId, seq: { $in: seqs }, state: 'active' }, { projection: { _id: 0, recipient_id: 1, seq: 1 } }).toArray();
      return docs.map((d) => ({ id: d.recipient_id, seq: d.seq })).sort((a, b) => a.seq - b.seq);
    },

    /**
     * Ids and seqs of active recipients created after `afterSeq`, oldest first, in pages, from
     * ONE cursor (fan-out): a store that sorts in memory (FerretDB) sorts once per stream, not
     * once per page.
     */
    async *idPages(projectId: number, afterSeq: number, pageSize: number): AsyncGenerator<{ id: string; seq: number }[]> {
      const cursor = col
        .find({ project_id: projectId, seq: { $gt: afterSeq }, state: 'active' }, { projection: { recipient_id: 1, seq: 1 } })
        .sort({ seq: 1 })
        .batchSize(pageSize);
      try {
        let page: { id: string; seq: number }[] = [];
        for await (const d of cursor) {
          page.push({ id: d.recipient_id, seq: d.seq });
          if (page.length === pageSize) {
            yield page;
            page = [];
          }
        }
        if (page.length > 0) yield page;
      } finally {
        await cursor.close();
      }
    },
  };
}

export type RecipientRepository = ReturnType<typeof createRecipientRepository>;
