import { connectMongo, connectNats, createLogger } from '@herald/service-kit';
import { build } from '../app';
import { createServiceClients } from '../plugins/external/services/service-clients';
import { readConfig } from '../config';

export interface GatewayReplica {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Another gateway replica of the e2e stack, in this process, with settings of its own (a low
 * AUTH_FAILURES_PER_SECOND, say) and otherwise the stack gateway's environment: its store, its
 * services, its NATS user. Close it in `afterAll`: it releases its port, its service sessions, its
 * NATS connection and its store client.
 */
export async function startGatewayReplica(settings: Record<string, string> = {}): Promise<GatewayReplica> {
  const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
  const config = readConfig({ ...env, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'silent', ...settings });
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, 'gateway-replica');
  const nats = await connectNats(config.NATS_URL, 'gateway-replica', { user: config.NATS_USER, password: config.NATS_PASSWORD });
  const services = createServiceClients(config);
  const app = await build({ config, logger: createLogger('gateway-replica', 'silent'), db: mongo.db, nats, services, pingStore: mongo.ping });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      services.close();
      await nats.drain();
      await mongo.close();
    },
  };
}
