import type { Db } from 'mongodb';
import type { KeyScope } from '../auth/api-key';

export interface ApiKeyRecord {
  id: number;
  projectId: number;
  scope: KeyScope;
  /** Hex SHA-256 of the key; the key itself is never stored. */
  hash: string;
  createdAt: Date;
}

interface ApiKeyDoc {
  _id: number;
  project_id: number;
  scope: KeyScope;
  hash: string;
  created_at: Date;
}

const toRecord = (d: ApiKeyDoc): ApiKeyRecord => ({ id: d._id, projectId: d.project_id, scope: d.scope, hash: d.hash, createdAt: d.created_at });

/** API keys of every project. A revoked key is deleted: what is not here does not authenticate. */
export function createKeyRepository(db: Db) {
  const keys = db.collection<ApiKeyDoc>('api_keys');
  return {
    async ensureIndexes(): Promise<void> {
      // Serves findByHash: the lookup of a bearer key on every request that misses the cache.
      // Unique, so one hash can never name two keys.
      await keys.createIndex({ hash: 1 }, { unique: true, name: 'hash_unique' });
    },
    async insertMany(records: ApiKeyRecord[]): Promise<void> {
      await keys.insertMany(
        records.map((r) => ({ _id: r.id, project_id: r.projectId, scope: r.scope, hash: r.hash, created_at: r.createdAt })),
      );
    },
    async findByHash(hash: string): Promise<ApiKeyRecord | null> {
      const doc = await keys.findOne({ hash });
      return doc ? toRecord(doc) : null;
    },
    /** By id: whether a key still exists (recipient tokens name the key that minted them). */
    async findById(id: number): Promise<ApiKeyRecord | null> {
      const doc = await keys.findOne({ _id: id });
      return doc ? toRecord(doc) : null;
    },
    /** Deletes a key of a project (by `_id`, checked against the project); returns it, or null. */
    async delete(projectId: number, keyId: number): Promise<ApiKeyRecord | null> {
      const doc = await keys.findOneAndDelete({ _id: keyId, project_id: projectId });
      return doc ? toRecord(doc) : null;
    },
  };
}
export type KeyRepository = ReturnType<typeof createKeyRepository>;
