import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { grantable } from '../domain/quota';
import { retryBusy } from './store-retry';

/** One spent unit of a project's monthly quota: slot n of the period (1 ≤ n ≤ limit). */
interface QuotaUnitDoc {
  /** `<project>:<YYYY-MM>:<n>` */
  _id: string;
  project_id: number;
  period: string;
}

/**
 * Monthly delivery counters as numbered slots. Reserving a unit is inserting the next free slot;
 * slot numbers never exceed the limit and the unique _id lets only one writer take a slot, so
 * concurrent workers and replicas can never push usage past the limit (an insert is atomic even
 * on FerretDB, where concurrent updates of one counter document may lose increments).
 * An unlimited project (null) spends no slots.
 */
export function createQuotaRepository(db: Db) {
  const col: Collection<QuotaUnitDoc> = db.collection<QuotaUnitDoc>('quota_units');
  const used = (projectId: number, period: string) => col.countDocuments({ project_id: projectId, period });
  return {
    async ensureIndexes(): Promise<void> {
      // Usage of one project in one period (count of its slots).
      await col.createIndexes([{ key: { project_id: 1, period: 1 }, name: 'project_period' }]);
    },
    /** Reserves up to `wanted` units; returns how many were granted. */
    async reserve(projectId: number, period: string, wanted: number, limit: number | null): Promise<number> {
      if (wanted <= 0) return 0;
      if (limit === null) return wanted;
      let got = 0;
      for (let round = 0; round < 50; round++) {
        const current = await used(projectId, period);
        const grant = grantable(wanted - got, current, limit);
        if (grant === 0) return got;
        const docs = Array.from({ length: grant }, (_, i) => ({ _id: `${projectId}:${period}:${current + i + 1}`, project_id: projectId, period }));
        try {
          got += (await retryBusy(() => col.insertMany(docs, { ordered: false }))).insertedCount;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          const e = err as { result?: { insertedCount?: number }; insertedCount?: number };
          got += e.result?.insertedCount ?? e.insertedCount ?? 0;
        }
        if (got >= wanted) return got;
      }
      return got;
    },
    used,
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
