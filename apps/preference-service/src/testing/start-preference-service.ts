import { randomBytes } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { PreferenceService } from '@herald/contracts';
import { connectMongo, serviceAuthClientInterceptor, startService, type RunningService } from '@herald/service-kit';
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
 * service; `close` stops this one and, when `dropDb`, drops the database. Service auth is on, with
 * the run's SERVICE_TOKEN (tools/jest/setup-infra.cjs) or a fresh one, unless `env` says otherwise.
 */
export async function startPreferenceService(
  dbName: string,
  opts: { env?: Record<string, string>; dropDb?: boolean } = {},
): Promise<TestPreferenceService> {
  const config = readConfig({
    ...process.env,
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    MONGO_DB: dbName,
    LOG_LEVEL: 'silent',
    RECIPIENT_DELETED_DURABLE: `pref_${dbName}`,
    SERVICE_AUTH: 'token',
    SERVICE_TOKEN: process.env.SERVICE_TOKEN || randomBytes(32).toString('hex'),
    ...opts.env,
  });
  const running: RunningService = await startService('preference-service', config, build);
  const baseUrl = `http://127.0.0.1:${running.port}`;
  const sessions = new Http2SessionManager(baseUrl);
  const interceptors = config.SERVICE_TOKEN ? [serviceAuthClientInterceptor(config.SERVICE_TOKEN)] : [];
  const client = createClient(PreferenceService, createGrpcTransport({ baseUrl, sessionManager: sessions, interceptors }));
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
