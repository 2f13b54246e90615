import { MongoClient, type Db } from 'mongodb';

export interface MongoHandle {
  client: MongoClient;
  db: Db;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** One client per process; each service uses only its own database. */
export async function connectMongo(url: string, dbName: string, appName: string): Promise<MongoHandle> {
  const client = await MongoClient.connect(url, { appName, serverSelectionTimeoutMS: 10_000 });
  const db = client.db(dbName);
  return {
    client,
    db,
    async ping() {
      try {
        await db.command({ ping: 1 });
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

/**
 * A unique index refused the write. MongoDB says so with code 11000; FerretDB v1 does too on
 * inserts, but answers updates with code 1 and SQLite's "UNIQUE constraint failed".
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | null;
  return e?.code === 11000 || /UNIQUE constraint failed|E11000/i.test(e?.message ?? '');
}
