import type { Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';

/** What a project's limits are checked against. */
export type TotalName = 'lists' | 'subscriptions';

interface ProjectTotalsDoc {
  /** The project id: one document per project. */
  _id: number;
  /** Lists in any state (one being deleted counts until it is gone). */
  lists: number;
  subscriptions: number;
  /** When both totals were last counted from the lists and subscriptions themselves. */
  counted_at: Date;
}

export interface ProjectTotals {
  lists: number;
  subscriptions: number;
  countedAt: Date;
}

/**
 * A project's list and subscription totals in one document, so a limit check reads one document
 * however many lists the project holds. Kept by `$inc` of what each write reserved and actually
 * changed (atomic per document on MongoDB), counted afresh when missing or doubted.
 */
export function createProjectTotalsRepository(db: Db) {
  const col = db.collection<ProjectTotalsDoc>('list_project_totals');

  return {
    /** Adds `n` to the total when it stays within `max`; false when it would not, or the project has no totals yet. */
    async reserve(projectId: number, name: TotalName, n: number, max: number): Promise<boolean> {
      const res = await col.updateOne({ _id: projectId, [name]: { $lte: max - n } }, { $inc: { [name]: n } });
      return res.matchedCount === 1;
    },

    /** Adds `delta` (negative: removed or a reservation given back). */
    async add(projectId: number, name: TotalName, delta: number): Promise<void> {
      if (delta !== 0) await col.updateOne({ _id: projectId }, { $inc: { [name]: delta } });
    },

    async find(projectId: number): Promise<ProjectTotals | null> {
      const doc = await col.findOne({ _id: projectId });
      return doc && { lists: doc.lists, subscriptions: doc.subscriptions, countedAt: doc.counted_at };
    },

    /**
     * Stores totals counted afresh: over the document counted at `previous` (another count since
     * then wins), or as the first document (another first one wins).
     */
    async replaceCounted(projectId: number, previous: Date | null, totals: { lists: number; subscriptions: number }, at: Date): Promise<void> {
      const fields = { ...totals, counted_at: at };
      if (previous) {
        await col.updateOne({ _id: projectId, counted_at: previous }, { $set: fields });
        return;
      }
      try {
        await col.insertOne({ _id: projectId, ...fields });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    },
  };
}

export type ProjectTotalsRepository = ReturnType<typeof createProjectTotalsRepository>;
