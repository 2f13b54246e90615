import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { DeliveryService, WebhookService } from '@herald/contracts';
import { connectMongo, PeerSessionManager, serviceAuthClientInterceptor, startService, type Clock, type RunningService } from '@herald/service-kit';
import { readConfig, type Config } from '../config';
import { build } from '../server';
import { FakePeers } from './fake-peers';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects, shared with npm start.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { startInfra } = require('../../../../tools/infra/index.cjs') as {
  startInfra(opts: { dataDir: string; log?: (m: string) => void }): Promise<{ natsUrl: string; restartNats(): Promise<void>; stop(): Promise<void> }>;
};

export interface Harness {
  peers: FakePeers;
  client: Client<typeof DeliveryService>;
  webhooks: Client<typeof WebhookService>;
  natsUrl: string;
  dbName: string;
  /** The first replica's Prometheus endpoint. */
  metricsUrl: string;
  project(): bigint;
  restartNats(): Promise<void>;
  /** Starts one more delivery-service replica against the same store and broker. */
  startReplica(): Promise<RunningService>;
  close(): Promise<void>;
}

let nextProject = BigInt(Date.now()) * 1000n + BigInt(process.pid % 1000);

/**
 * The delivery service against the real store (MONGO_URL), a nats-server of its own (so parallel
 * test files never share durable consumers), the shared SMTP sink, and in-memory peer services.
 */
export async function startHarness(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-delivery-'));
  const saved = { NATS_URL: process.env.NATS_URL, HERALD_NO_DOCKER: process.env.HERALD_NO_DOCKER };
  delete process.env.NATS_URL;
  process.env.HERALD_NO_DOCKER = '1';
  const infra = await startInfra({ dataDir, log: () => undefined });
  process.env.NATS_URL = saved.NATS_URL;
  if (saved.HERALD_NO_DOCKER === undefined) delete process.env.HERALD_NO_DOCKER;
  else process.env.HERALD_NO_DOCKER = saved.HERALD_NO_DOCKER;

  const peers = new FakePeers();
  const peersUrl = await peers.start();
  const dbName = `test_delivery_${randomBytes(4).toString('hex')}`;
  const config: Config = readConfig({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    MONGO_DB: dbName,
    NATS_URL: infra.natsUrl,
    RECIPIENT_SERVICE_URL: peersUrl,
    PREFERENCE_SERVICE_URL: peersUrl,
    LOG_LEVEL: 'error',
    SERVICE_AUTH: 'token',
    SERVICE_TOKEN: process.env.SERVICE_TOKEN ?? randomBytes(32).toString('hex'),
    OUTBOX_REPUBLISH_AFTER_MS: '1500',
    OUTBOX_SWEEP_EVERY_MS: '500',
    EMAIL_RETRY_BASE_MS: '100',
    ...env,
  });
  const replicas: RunningService[] = [];
  const startReplica = async () => {
    const r = await startService('delivery-service', config, build, options);
    replicas.push(r);
    return r;
  };
  const first = await startReplica();
  const baseUrl = `http://127.0.0.1:${first.port}`;
  const sessionManager = new PeerSessionManager(baseUrl);
  const transport = createGrpcTransport({ baseUrl, sessionManager, interceptors: [serviceAuthClientInterceptor(config.SERVICE_TOKEN!)] });
  const client = createClient(DeliveryService, transport);
  return {
    peers,
    client,
    webhooks: createClient(WebhookService, transport),
    natsUrl: infra.natsUrl,
    dbName,
    metricsUrl: `http://127.0.0.1:${first.metricsPort}/metrics`,
    project: () => ++nextProject,
    restartNats: () => infra.restartNats(),
    startReplica,
    async close() {
      sessionManager.abort();
      for (const r of replicas) await r.close();
      await peers.stop();
      const mongo = await connectMongo(process.env.MONGO_URL!, dbName, 'test-cleanup');
      await mongo.db.dropDatabase().catch(() => undefined);
      await mongo.close();
      await infra.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
