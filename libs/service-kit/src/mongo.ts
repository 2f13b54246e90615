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
