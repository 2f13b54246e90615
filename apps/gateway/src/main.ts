import { connectMongo, connectNats, createLogger, initTracing, onShutdown, portOf, startMetricsServer } from '@herald/service-kit';
import { build } from './app';
import { createServiceClients } from './plugins/external/services/service-clients';
import { readConfig } from './config';

/** Process entry point: config, clients, `build`, listen; graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT ? initTracing('gateway', { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }) : null;
  try {
    const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, 'gateway');
    const nats = await connectNats(config.NATS_URL, 'gateway', { user: config.NATS_USER, password: config.NATS_PASSWORD });
    const services = createServiceClients(config);
    const app = await build({ config, logger, db: mongo.db, nats, services, pingStore: mongo.ping });
    await app.listen({ host: config.HOST, port: config.PORT });
    // Prometheus metrics on their own port, never on the public one.
    const metricsServer = await startMetricsServer(app.metricsRegistry, config.METRICS_PORT, config.HOST);
    logger.info({ port: config.PORT, metricsPort: portOf(metricsServer) }, 'listening');
    onShutdown(logger, [
      // Stop accepting, finish requests in flight (heartbeat and revocation listener stop on close).
      { name: 'http', run: () => app.close() },
      { name: 'metrics', run: () => new Promise<void>((resolve) => metricsServer.close(() => resolve())) },
      { name: 'nats', run: () => nats.drain() },
      { name: 'mongo', run: () => mongo.close() },
      { name: 'rpc sessions', run: () => services.close() },
      { name: 'tracing', run: () => tracing?.shutdown() },
    ]);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}

void main();
