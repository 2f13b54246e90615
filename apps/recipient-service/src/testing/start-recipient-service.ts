import { randomBytes } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { RecipientService } from '@herald/contracts';
import { connectMongo, serviceAuthClientInterceptor, startService, type RunningService } from '@herald/service-kit';
import { readConfig } from '../config';
import { build } from '../server';

export interface TestRecipientService {
  client: Client<typeof RecipientService>;
  baseUrl: string;
  dbName: string;
  /** The service token the service accepts (and `client` sends). */
  serviceToken: string;
  /** A project id no other test uses, so tests never see each other's data. */
  project(): bigint;
  close(): Promise<void>;
}

let nextProject = BigInt(Date.now()) * 1000n;

/**
 * Starts the real recipient service in-process (port 0, its own database) against the store and
 * broker of the jest global setup, with a gRPC client; `close` stops both and drops the database.
 * Service auth is on, with the run's SERVICE_TOKEN (tools/jest/setup-infra.cjs) or a fresh one;
 * `env` overrides settings.
 */
export async function startRecipientService(suite: string, env: Record<string, string> = {}): Promise<TestRecipientService> {
  const dbName = `test_${suite}_${randomBytes(4).toString('hex')}`;
  const config = readConfig({
    ...process.env,
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    MONGO_DB: dbName,
    LOG_LEVEL: 'silent',
    SERVICE_AUTH: 'token',
    SERVICE_TOKEN: process.env.SERVICE_TOKEN || randomBytes(32).toString('hex'),
    ...env,
  });
  const running: RunningService = await startService('recipient-service', config, build);
  const baseUrl = `http://127.0.0.1:${running.port}`;
  const sessions = new Http2SessionManager(baseUrl);
  const serviceToken = config.SERVICE_TOKEN ?? '';
  const interceptors = serviceToken ? [serviceAuthClientInterceptor(serviceToken)] : [];
  const client = createClient(RecipientService, createGrpcTransport({ baseUrl, sessionManager: sessions, interceptors }));
  return {
    client,
    baseUrl,
    dbName,
    serviceToken,
    project: () => ++nextProject,
    async close() {
      sessions.abort();
      await running.close();
      const mongo = await connectMongo(config.MONGO_URL, dbName, 'test-cleanup');
      await mongo.db.dropDatabase();
      await mongo.close();
    },
  };
}
