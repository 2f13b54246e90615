import { randomBytes } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { PreferenceService } from '@herald/contracts';
import { connectMongo, startService, type RunningService } from '@herald/service-kit';
import { readConfig } from '../config';
import { build } from '../server';

export interface TestPreferenceService {
  client: Client<typeof PreferenceService>;
  dbName: string;
  close(): Promise<void>;
}

let nextProject = BigInt(Date.now()) * 1000n;

/** A project id no other test uses, so tests never see each other's data. */
export const newProject = (): bigint => ++nextProject;

export const uniqueDbName = (suite: string) => `test_${suite}_${randomBytes(4).toString('hex')}`;

/**
 * Starts the real preference service in-process (port 0) against the store and broker of the jest
 * global setup, with a gRPC client. Its recipient-deleted consumer is named after the database, so
 * suites never take each other's events. Pass the same `dbName` to two calls for two replicas of one
 * service; `close` stops this one and, when `dropDb`, drops the database.
 */
export async function startPreferenceService(
  dbName: string,
  opts: { env?: Record<string, string>; dropDb?: boolean } = {},
): Promise<TestPreferenceService> {
  const config = readConfig({ ...process.env, PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', MONGO_DB: dbName, LOG_LEVEL: 'silent', RECIPIENT_DELETED_DURABLE: `pref_${dbName}`, ...opts.env });
  const running: RunningService = await startService('preference-service', config, build);
  const baseUrl = `http://127.0.0.1:${running.port}`;
  const sessions = new Http2SessionManager(baseUrl);
  const client = createClient(PreferenceService, createGrpcTransport({ baseUrl, sessionManager: sessions }));
  return {
    client,
    dbName,
    async close() {
      sessions.abort();
      await running.close();
      if (opts.dropDb ?? true) {
        const mongo = await connectMongo(config.MONGO_URL, dbName, 'test-cleanup');
        await mongo.db.dropDatabase();
        await mongo.close();
      }
    },
  };
}
