import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { retryBusy } from '../kernel/store/store-retry';

/**
 * One `Idempotency-Key` of a project. The claim names the send it stands for (`kind`, `ref_id`:
 * the id chosen for the notification or broadcast before the claim is written), so the claim and
 * the response are one write: a repeat finds the send by that id and answers it as accepted. A
 * claim whose send never got written (the process died, or the request failed and could not
 * release it) is taken over after its lease by a repeat of the same request, which writes the
 * send under the same id.
 */
export interface IdempotencyDoc {
  _id: string;
  project_id: number;
  request_hash: string;
  kind?: 'notification' | 'broadcast';
  ref_id?: number;
  /** Written by versions before claims named their send: the encoded first response (null while in progress). */
  response?: string | null;
  created_at: Date;
}

export type Claim = { kind: 'claimed' } | { kind: 'existing'; doc: IdempotencyDoc };

/** Idempotency keys, 24 h each; `prune` deletes older ones in bounded batches (an expired key found first is replaced). */
export function createIdempotencyRepository(db: Db) {
  const col: Collection<IdempotencyDoc> = db.collection<IdempotencyDoc>('idempotency_keys');
  const idOf = (projectId: number, key: string) => `${projectId}:${key}`;
  return {
    async ensureIndexes(): Promise<void> {
      // prune(): keys older than 24 h.
      await col.createIndex({ created_at: 1 }, { name: 'created' });
    },
    /** Claims the key for this request and the send `ref`, or returns the record that holds it. */
    async claim(
      projectId: number,
      key: string,
      requestHash: string,
      ref: { kind: 'notification' | 'broadcast'; id: number },
      now: Date,
    ): Promise<Claim> {
      const _id = idOf(projectId, key);
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          await retryBusy(() => col.insertOne({ _id, project_id: projectId, request_hash: requestHash, kind: ref.kind, ref_id: ref.id, created_at: now }));
          return { kind: 'claimed' };
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          const doc = await col.findOne({ _id });
          if (doc) return { kind: 'existing', doc };
        }
      }
      throw new Error('idempotency key claim did not settle');
    },
    /** Frees a claim whose request failed, or whose record expired (only that exact record). */
    async release(projectId: number, key: string, exact: { refId?: number; createdAt?: Date }): Promise<void> {
      const filter: Record<string, unknown> = { _id: idOf(projectId, key) };
      if (exact.refId !== undefined) filter.ref_id = exact.refId;
      if (exact.createdAt !== undefined) filter.created_at = exact.createdAt;
      await retryBusy(() => col.deleteOne(filter));
    },
    /** Deletes up to `batch` keys created before `before`; returns how many (call until 0). */
    async prune(before: Date, batch = 1000): Promise<number> {
      const ids = (await col.find({ created_at: { $lt: before } }, { projection: { _id: 1 } }).limit(batch).toArray()).map((d) => d._id);
      if (ids.length === 0) return 0;
      return (await retryBusy(() => col.deleteMany({ _id: { $in: ids } }))).deletedCount;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
