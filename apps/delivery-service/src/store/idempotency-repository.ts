import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { retryBusy } from './store-retry';

/** One `Idempotency-Key` of a project: the request's hash and, once done, the first response. */
export interface IdempotencyDoc {
  _id: string;
  request_hash: string;
  /** Base64 of the encoded first response; null while the first request is in progress. */
  response: string | null;
  created_at: Date;
}

export type Claim = { kind: 'claimed' } | { kind: 'existing'; doc: IdempotencyDoc };

/** Idempotency keys, 24 h each. (FerretDB has no TTL indexes: expiry is judged on read, and an expired key is replaced.) */
export function createIdempotencyRepository(db: Db) {
  const col: Collection<IdempotencyDoc> = db.collection<IdempotencyDoc>('idempotency_keys');
  const idOf = (projectId: number, key: string) => `${projectId}:${key}`;
  return {
    /** Claims the key for this request, or returns the record that holds it. */
    async claim(projectId: number, key: string, requestHash: string, now: Date): Promise<Claim> {
      try {
        await retryBusy(() => col.insertOne({ _id: idOf(projectId, key), request_hash: requestHash, response: null, created_at: now }));
        return { kind: 'claimed' };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const doc = await col.findOne({ _id: idOf(projectId, key) });
        if (!doc) return this.claim(projectId, key, requestHash, now);
        return { kind: 'existing', doc };
      }
    },
    async find(projectId: number, key: string) {
      return col.findOne({ _id: idOf(projectId, key) });
    },
    async complete(projectId: number, key: string, response: string): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: idOf(projectId, key) }, { $set: { response } }));
    },
    /** Frees a key whose request failed, or whose record expired (only that exact record). */
    async release(projectId: number, key: string, createdAt?: Date): Promise<void> {
      await retryBusy(() => col.deleteOne(createdAt ? { _id: idOf(projectId, key), created_at: createdAt } : { _id: idOf(projectId, key) }));
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
