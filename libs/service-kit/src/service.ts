import type { ConnectRouter } from '@connectrpc/connect';
import { Type, type Static } from '@sinclair/typebox';
import { systemClock, type Clock } from '@herald/timing';
import type { Logger } from 'pino';
import { createLogger } from './logger';
import { connectMongo, type MongoHandle } from './mongo';
import { connectNats, type NatsConnection } from './nats';
import { createMetrics, startMetricsServer, portOf, type Metrics } from './metrics';
import { startRpcServer } from './rpc-server';
import { acceptedServiceTokens, ServiceAuthConfigSchema } from './service-auth';
import { onShutdown } from './shutdown';
import { initTracing } from './tracing';

/** Settings every Connect service has; apps extend it with `Type.Composite`. */
export const ServiceConfigSchema = Type.Object({
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  MONGO_URL: Type.String({ minLength: 1 }),
  MONGO_DB: Type.String({ minLength: 1 }),
  NATS_URL: Type.String({ minLength: 1 }),
  /** NATS user of this app (servers with per-app users and subject permissions); none when empty. */
  NATS_USER: Type.Optional(Type.String()),
  /** Password of NATS_USER. */
  NATS_PASSWORD: Type.Optional(Type.String()),
  /** Copies of each JetStream stream the service creates (3 on a 3-node NATS cluster: one node may be lost). */
  NATS_STREAM_REPLICAS: Type.Integer({ minimum: 1, maximum: 5, default: 1 }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  /** OTLP/HTTP collector base URL (for example http://otel-collector:4318); tracing is off when empty. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String()),
  // SERVICE_AUTH, SERVICE_TOKEN, SERVICE_TOKEN_SECONDARY: service-to-service authentication.
  ...ServiceAuthConfigSchema.properties,
});
export type ServiceConfig = Static<typeof ServiceConfigSchema>;

export interface ServiceDeps<C extends ServiceConfig> {
  config: C;
  logger: Logger;
  mongo: MongoHandle;
  nats: NatsConnection;
  metrics: Metrics;
  /** The process's one clock: every time rule of the service reads it. */
  clock: Clock;
}

/** What a service contributes: its routes, and anything it must stop before the store closes. */
export interface ServiceParts {
  routes: (router: ConnectRouter) => void;
  /** Stops background work (consumers); called after the server stops accepting. */
  stop?: () => Promise<void>;
}

export interface RunningService {
  port: number;
  metricsPort: number;
  close(): Promise<void>;
}

/**
 * Connects the store and broker, lets the service build its parts (indexes, streams, consumers,
 * routes), and serves them. Tests call this directly; `runService` adds signal handling.
 */
export async function startService<C extends ServiceConfig>(
  name: string,
  config: C,
  build: (deps: ServiceDeps<C>) => Promise<ServiceParts>,
  { clock = systemClock }: { clock?: Clock } = {},
): Promise<RunningService> {
  const logger = createLogger(name, config.LOG_LEVEL);
  // Decided before anything connects: a token mode without a token stops here.
  const tokens = acceptedServiceTokens(config);
  if (!tokens) logger.warn('SERVICE_AUTH=none: Connect/gRPC calls are accepted without a service token');
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT ? initTracing(name, { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }) : null;
  const metrics = createMetrics(name);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, name, metrics.registry);
  const nats = await connectNats(config.NATS_URL, name, { user: config.NATS_USER, password: config.NATS_PASSWORD });
  const parts = await build({ config, logger, mongo, nats, metrics, clock });
  const server = await startRpcServer({
    routes: parts.routes,
    port: config.PORT,
    host: config.HOST,
    logger,
    metrics,
    isReady: async () => !nats.isClosed() && (await mongo.ping()),
    auth: tokens ? { tokens } : null,
    clock,
  });
  const metricsServer = await startMetricsServer(metrics.registry, config.METRICS_PORT, config.HOST);
  logger.info({ port: server.port, metricsPort: portOf(metricsServer) }, 'listening');
  return {
    port: server.port,
    metricsPort: portOf(metricsServer),
    async close() {
      server.markShuttingDown();
      await server.close();
      await parts.stop?.();
      await nats.drain().catch(() => undefined);
      await mongo.close();
      await new Promise((r) => metricsServer.close(r));
      await tracing?.shutdown();
    },
  };
}

/** Process entry point for a service: start, then shut down gracefully on SIGTERM/SIGINT. */
export async function runService<C extends ServiceConfig>(
  name: string,
  config: C,
  build: (deps: ServiceDeps<C>) => Promise<ServiceParts>,
): Promise<void> {
  const logger = createLogger(name, config.LOG_LEVEL);
  try {
    const running = await startService(name, config, build);
    onShutdown(logger, [{ name: 'service', run: () => running.close() }]);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}
