import { MongoClient, type Db } from 'mongodb';
import { Counter, type Registry } from 'prom-client';

export interface MongoHandle {
  client: MongoClient;
  db: Db;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Commands that are the driver's own housekeeping, not the service's store operations. */
const HOUSEKEEPING = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'endSessions', 'saslStart', 'saslContinue', 'buildInfo', 'getLastError']);

/**
 * One client per process; each service uses only its own database. With a registry, every store
 * round trip is counted in `herald_store_operations_total{service, operation, collection}` (the
 * command name: find, insert, update, delete, aggregate, getMore, ...; the collection it names), so
 * benchmarks can report store operations per unit of work and where they go (command monitoring: one
 * event per command, no wrapping of the driver).
 */
export async function connectMongo(url: string, dbName: string, appName: string, registry?: Registry): Promise<MongoHandle> {
  const client = new MongoClient(url, { appName, serverSelectionTimeoutMS: 10_000, monitorCommands: registry !== undefined });
  if (registry) {
    const operations = new Counter({
      name: 'herald_store_operations_total',
      help: 'Store round trips (MongoDB commands) sent by this process, by command name',
      labelNames: ['operation', 'collection'] as const,
      registers: [registry],
    });
    client.on('commandStarted', (ev) => {
      if (HOUSEKEEPING.has(ev.commandName)) return;
      const target = (ev.command as Record<string, unknown>)[ev.commandName];
      operations.inc({ operation: ev.commandName, collection: typeof target === 'string' ? target : '' });
    });
  }
  await client.connect();
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
