import type { Collection, Document } from 'mongodb';
import { expiresAt, type SendSettings } from '../notification';
import { retryBusy } from './store-retry';

/** A notification or broadcast document with its `expires_at` from its settings snapshot (retention at send time). */
export const withExpiry = <T extends { settings: SendSettings; created_at: Date; expires_at?: Date | null }>(doc: T): T =>
  doc.expires_at !== undefined ? doc : { ...doc, expires_at: expiresAt(doc.settings, doc.created_at) };

/**
 * `{expires_at: 1}` with `expireAfterSeconds: 0`: on MongoDB the server deletes expired documents
 * itself (documents with null or no `expires_at` never expire). A store that refuses TTL options
 * gets the plain index; the retention sweeper (which uses this index either way) then does it.
 */
export async function createExpiryIndex<T extends Document>(col: Collection<T>): Promise<void> {
  try {
    await col.createIndex({ expires_at: 1 }, { name: 'expires', expireAfterSeconds: 0 });
  } catch {
    await col.createIndex({ expires_at: 1 }, { name: 'expires' });
  }
}

/** Deletes up to `batch` documents expired at `now` (by id, so one delete is bounded); returns how many. */
export async function pruneExpiredBatch<T extends { _id: unknown; expires_at?: Date | null }>(col: Collection<T>, now: Date, batch: number): Promise<number> {
  const ids = (await col.find({ expires_at: { $lte: now } } as never, { projection: { _id: 1 } }).limit(batch).toArray()).map((d) => d._id);
  if (ids.length === 0) return 0;
  return (await retryBusy(() => col.deleteMany({ _id: { $in: ids } } as never))).deletedCount;
}
