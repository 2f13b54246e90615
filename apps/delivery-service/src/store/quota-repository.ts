import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { grantable } from '../domain/quota';
import { retryBusy } from './store-retry';

interface QuotaDoc {
  /** `<project>:<YYYY-MM>` */
  _id: string;
  used: number;
}

/**
 * Monthly delivery counters. `reserve` is a compare-and-set on the counter (retried on contention),
 * so concurrent workers and replicas never push it past the limit.
 */
export function createQuotaRepository(db: Db) {
  const col: Collection<QuotaDoc> = db.collection<QuotaDoc>('quota_usage');
  return {
    /** Reserves up to `wanted` units; returns how many were granted (all of them when limit is null). */
    async reserve(projectId: number, period: string, wanted: number, limit: number | null): Promise<number> {
      if (wanted <= 0) return 0;
      const _id = `${projectId}:${period}`;
      for (;;) {
        const doc = await col.findOne({ _id });
        const used = doc?.used ?? 0;
        const grant = grantable(wanted, used, limit);
        if (grant === 0) return 0;
        try {
          if (!doc) {
            await retryBusy(() => col.insertOne({ _id, used: grant }));
            return grant;
          }
          const r = await retryBusy(() => col.updateOne({ _id, used }, { $inc: { used: grant } }));
          if (r.modifiedCount === 1) return grant;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    },
    /** Gives units back (an email that finally failed). */
    async release(projectId: number, period: string, units: number): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: `${projectId}:${period}` }, { $inc: { used: -units } }));
    },
    async used(projectId: number, period: string): Promise<number> {
      return (await col.findOne({ _id: `${projectId}:${period}` }))?.used ?? 0;
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
