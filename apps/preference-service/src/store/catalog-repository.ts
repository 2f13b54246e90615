import type { AnyBulkWriteOperation, Db, WithId } from 'mongodb';
import { duplicateKeyWriteIndexes, isDuplicateKey } from '@herald/service-kit';
import type { CatalogEntry, CatalogEntryInput } from '../domain/catalog';
import type { CatalogDigest, CatalogThrottle } from '../domain/delivery-rules';
import type { Medium } from '../domain/targets';

interface CatalogDoc {
  /** The entry's integer id (from the `catalog_entry` sequence). */
  _id: number;
  project_id: number;
  channel: string;
  topic: string;
  event: string;
  medium: Medium;
  name: string;
  description: string | null;
  default_enabled: boolean;
  mandatory: boolean;
  /** Absent on entries written before the field existed (none). */
  digest?: { window_seconds: number; max_items: number; subject: string } | null;
  throttle?: { max: number; window_seconds: number } | null;
  created_at: Date;
  updated_at: Date;
}

/** Fields of an entry that may change (the natural key never does). */
export interface CatalogChanges {
  name?: string;
  description?: string | null;
  defaultEnabled?: boolean;
  mandatory?: boolean;
  /** null removes it. */
  digest?: CatalogDigest | null;
  throttle?: CatalogThrottle | null;
}

const digestDoc = (d: CatalogDigest | null) => (d ? { window_seconds: d.windowSeconds, max_items: d.maxItems, subject: d.subject } : null);
const throttleDoc = (t: CatalogThrottle | null) => (t ? { max: t.max, window_seconds: t.windowSeconds } : null);

const toEntry = (d: WithId<CatalogDoc>): CatalogEntry => ({
  id: d._id,
  projectId: d.project_id,
  target: { channel: d.channel, topic: d.topic, event: d.event },
  medium: d.medium,
  name: d.name,
  description: d.description ?? null,
  defaultEnabled: d.default_enabled,
  mandatory: d.mandatory,
  digest: d.digest ? { windowSeconds: d.digest.window_seconds, maxItems: d.digest.max_items, subject: d.digest.subject } : null,
  throttle: d.throttle ? { max: d.throttle.max, windowSeconds: d.throttle.window_seconds } : null,
  createdAt: d.created_at,
  updatedAt: d.updated_at,
});

const naturalKey = (projectId: number, input: Pick<CatalogEntryInput, 'target' | 'medium'>) => ({
  project_id: projectId,
  channel: input.target.channel,
  topic: input.target.topic,
  event: input.target.event,
  medium: input.medium,
});

const stateOf = (input: CatalogEntryInput) => ({
  name: input.name,
  description: input.description,
  default_enabled: input.defaultEnabled,
  mandatory: input.mandatory,
  digest: digestDoc(input.digest),
  throttle: throttleDoc(input.throttle),
});

/** Rounds of repeating the operations a unique index refused (each round, their keys exist). */
const UPSERT_ROUNDS = 4;

export function createCatalogRepository(db: Db) {
  const col = db.collection<CatalogDoc>('catalog_entries');

  return {
    async ensureIndexes(): Promise<void> {
      // Unique natural key: create's duplicate check (409 preference_exists) and the bulk upsert's
      // match on (project, channel, topic, event, medium); being unique, it is what keeps one entry
      // per natural key under concurrent creates and retried upserts.
      await col.createIndex({ project_id: 1, channel: 1, topic: 1, event: 1, medium: 1 }, { unique: true, name: 'catalog_natural_key' });
      // A project's catalog in id order: GET /preferences, the bulk result, and catalog cache loads.
      await col.createIndex({ project_id: 1, _id: 1 }, { name: 'catalog_project_id' });
      // Get, update and delete by id use the `_id` index (project_id is checked in the same filter).
    },

    async listByProject(projectId: number): Promise<CatalogEntry[]> {
      return (await col.find({ project_id: projectId }).sort({ _id: 1 }).toArray()).map(toEntry);
    },

    async findById(projectId: number, id: number): Promise<CatalogEntry | null> {
      const doc = await col.findOne({ _id: id, project_id: projectId });
      return doc && toEntry(doc);
    },

    /** Null when the natural key is taken. */
    async insert(projectId: number, id: number, input: CatalogEntryInput, now: Date): Promise<CatalogEntry | null> {
      const doc: CatalogDoc = { _id: id, ...naturalKey(projectId, input), ...stateOf(input), created_at: now, updated_at: now };
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) return null;
        throw err;
      }
      return toEntry(doc);
    },

    async update(projectId: number, id: number, changes: CatalogChanges, now: Date): Promise<CatalogEntry | null> {
      const set: Partial<CatalogDoc> = { updated_at: now };
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.defaultEnabled !== undefined) set.default_enabled = changes.defaultEnabled;
      if (changes.mandatory !== undefined) set.mandatory = changes.mandatory;
      if (changes.digest !== undefined) set.digest = digestDoc(changes.digest);
      if (changes.throttle !== undefined) set.throttle = throttleDoc(changes.throttle);
      const doc = await col.findOneAndUpdate({ _id: id, project_id: projectId }, { $set: set }, { returnDocument: 'after' });
      return doc && toEntry(doc);
    },

    /**
     * Writes each item's full state matched by natural key, in one round trip. An item whose key is
     * new is inserted with its `newId`; one whose key exists (made by an earlier, interrupted
     * attempt, or by a concurrent request) is updated and keeps its id. Idempotent.
     */
    async upsertByKey(projectId: number, items: { input: CatalogEntryInput; newId: number }[], now: Date): Promise<void> {
      const ops: AnyBulkWriteOperation<CatalogDoc>[] = items.map(({ input, newId }) => ({
        updateOne: {
          filter: naturalKey(projectId, input),
          update: { $set: { ...stateOf(input), updated_at: now }, $setOnInsert: { _id: newId, created_at: now } },
          upsert: true,
        },
      }));
      if (ops.length === 0) return;
      let pending = ops;
      for (let round = 1; ; round++) {
        try {
          await col.bulkWrite(pending, { ordered: false });
          return;
        } catch (err) {
          // Upserts of the same new key raced: the losers' inserts hit the unique index. Their
          // keys now exist, so repeating those operations updates them.
          const failed = duplicateKeyWriteIndexes(err);
          if (!failed || round >= UPSERT_ROUNDS) throw err;
          pending = failed.map((i) => pending[i]);
        }
      }
    },

    async deleteById(projectId: number, id: number): Promise<boolean> {
      return (await col.deleteOne({ _id: id, project_id: projectId })).deletedCount === 1;
    },

    async deleteByIds(projectId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return (await col.deleteMany({ _id: { $in: ids }, project_id: projectId })).deletedCount;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
