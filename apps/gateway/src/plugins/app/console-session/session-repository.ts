import type { Collection, Db } from 'mongodb';

/** A console session as stored: under the SHA-256 of its cookie value, never the value itself. */
export interface ConsoleSessionDoc {
  _id: string;
  project_id: number;
  /** The Full key it was opened with; null: opened with the admin token. */
  key_id: number | null;
  expires_at: Date;
  created_at: Date;
}

/** Console sessions in the gateway's database, so every replica sees a sign-in and a sign-out at once. */
export function createSessionRepository(db: Db) {
  const col: Collection<ConsoleSessionDoc> = db.collection<ConsoleSessionDoc>('console_sessions');
  return {
    async ensureIndexes(): Promise<void> {
      // The sweep of expired sessions (`removeExpired`). Not a TTL index: the local store has none.
      await col.createIndex({ expires_at: 1 }, { name: 'expires' });
    },
    async insert(doc: ConsoleSessionDoc): Promise<void> {
      await col.insertOne(doc);
    },
    async find(hash: string, now: Date): Promise<ConsoleSessionDoc | null> {
      return col.findOne({ _id: hash, expires_at: { $gt: now } });
    },
    async extend(hash: string, expiresAt: Date): Promise<void> {
      await col.updateOne({ _id: hash }, { $set: { expires_at: expiresAt } });
    },
    /** Reads check `expires_at` themselves; this only keeps the collection small (run at each sign-in). */
    async removeExpired(now: Date): Promise<void> {
      await col.deleteMany({ expires_at: { $lte: now } });
    },
    async remove(hash: string): Promise<void> {
      await col.deleteOne({ _id: hash });
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
