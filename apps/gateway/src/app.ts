import { clientErrorHandler } from './plugins/app/errors/client-error';
import { randomUUID } from 'node:crypto';
import { LIMITS } from '@herald/contracts';
import { createBatcher, systemClock, type Clock } from '@herald/service-kit';
import type { TypeBoxProvider } from './routes/shared/type-provider';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { GatewayDeps } from './deps';
import { validatorCompiler } from './plugins/app/errors/validator';
import { serializerCompiler } from './plugins/app/serializer';
import authPlugin from './plugins/app/auth';
import credentialsPlugin from './plugins/app/credentials';
import consoleSessionPlugin from './plugins/app/console-session';
import errorsPlugin, { frameworkErrorHandler } from './plugins/app/errors';
import metricsPlugin from './plugins/app/metrics';
import rateLimitPlugin from './plugins/app/rate-limit';
import recipientPresencePlugin from './plugins/app/recipient-presence';
import checkCachePlugin from './plugins/app/check-cache';
import servicesPlugin from './plugins/external/services';
import swaggerPlugin from './plugins/external/swagger';
import tracingPlugin from './plugins/app/tracing';
import corsPlugin from './plugins/external/cors';
import liveStreamsPlugin, { projectShareOf } from './plugins/app/live-streams';
import { resourceRoutes } from './routes';
import opsRoutes from './routes/ops';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated, frozen configuration. */
    config: Config;
    /** The process's one clock: every time rule of the gateway reads it. */
    clock: Clock;
  }
}

/** Longest path parameter the router matches: any recipient id percent-encoded (4 UTF-8 bytes × `%XX` per code point), with room to spare. */
const PATH_PARAM_MAX_CHARS = Math.max(8_192, LIMITS.recipientIdMax * 12);

/** fastify's `trustProxy` from `TRUST_PROXY` (comma-separated `loopback`, `uniquelocal`, CIDRs…; empty: none). */
export const trustProxyOption = (value: string | undefined): string | false => (value ? value : false);

/** Builds the gateway without listening: `main.ts` listens, tests call `app.inject`. */
export async function build(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: LIMITS.bodyMaxBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    disableRequestLogging: true,
    // Client addresses (failed-auth limit) come from X-Forwarded-For only when set by these proxies.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    forceCloseConnections: 'idle',
    // A path parameter reaches its route whatever its length (the router's default stops at 100
    // characters with a 414): a 256-character recipient id, percent-encoded, is up to 3,072; longer
    // ones are judged by the route (404 / 400) after authentication, like any other bad id.
    routerOptions: { maxParamLength: PATH_PARAM_MAX_CHARS },
    // Errors raised before routing (a malformed path) come out like every other error.
    frameworkErrors: frameworkErrorHandler,
    // And those of Node's HTTP parser, before fastify sees the request (a request line over the size limit).
    clientErrorHandler,
  }).withTypeProvider<TypeBoxProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('clock', deps.clock ?? systemClock);

  await app.register(errorsPlugin);
  await app.register(tracingPlugin);
  await app.register(metricsPlugin);
  await app.register(swaggerPlugin);
  await app.register(servicesPlugin, { services: deps.services });
  // Before auth: a preflight is answered without credentials.
  await app.register(corsPlugin, { origins: deps.config.CORS_ORIGINS });
  await app.register(credentialsPlugin, { db: deps.db, nats: deps.nats });
  await app.register(consoleSessionPlugin, { db: deps.db });
  await app.register(recipientPresencePlugin, { nats: deps.nats, ttlMs: deps.config.RECIPIENT_CACHE_TTL_MS ?? 60_000 });
  await app.register(checkCachePlugin, { nats: deps.nats, ttlMs: deps.config.PREFERENCE_CHECK_CACHE_TTL_MS ?? 60_000 });
  await app.register(authPlugin, {
    adminToken: deps.config.ADMIN_TOKEN,
    tokenSecret: deps.config.TOKEN_SECRET,
    failuresPerSecond: deps.config.AUTH_FAILURES_PER_SECOND ?? 20,
  });
  // Concurrent payload reads of the live stream (slim outcome events) share one GetPayloads per project.
  const payloadReads = createBatcher<bigint, string | undefined, bigint>({
    lingerMs: 2,
    maxBatch: 500,
    concurrency: 4,
    async run(ids, projectId) {
      const { payloads } = await deps.services.deliveries.getPayloads({ projectId, ids });
      const found = new Map(payloads.map((p) => [p.id, p.payloadJson]));
      return ids.map((id) => found.get(id));
    },
  });
  await app.register(liveStreamsPlugin, {
    nats: deps.nats,
    keyScope: deps.db.databaseName,
    payloads: async (projectId, ids) => new Map(await Promise.all(ids.map(async (id) => [id, await payloadReads.add(id, projectId)] as const))),
    settings: {
      maxPerRecipient: deps.config.STREAM_MAX_PER_RECIPIENT ?? 10,
      maxPerProject: deps.config.STREAM_MAX_PER_PROJECT ?? projectShareOf(deps.config.STREAM_MAX_OPEN ?? 10_000),
      maxActivityPerProject: deps.config.STREAM_MAX_ACTIVITY_PER_PROJECT ?? 5,
      maxOpen: deps.config.STREAM_MAX_OPEN ?? 10_000,
      heartbeatMs: deps.config.STREAM_HEARTBEAT_MS ?? 15_000,
      replayMax: deps.config.STREAM_REPLAY_MAX ?? 1000,
      replayMaxBytes: deps.config.STREAM_REPLAY_MAX_BYTES ?? 1_048_576,
      maxBufferedBytes: deps.config.STREAM_MAX_BUFFERED_BYTES ?? 1_048_576,
      maxBufferedBytesTotal: deps.config.STREAM_MAX_BUFFERED_BYTES_TOTAL ?? 134_217_728,
      maxLifetimeMs: (deps.config.STREAM_MAX_SECONDS ?? 3600) * 1000,
    },
  });
  await app.register(rateLimitPlugin, { nats: deps.nats, instanceId: deps.instanceId ?? randomUUID() });

  await app.register(opsRoutes, { pingStore: deps.pingStore, isBrokerUp: () => !deps.nats.isClosed() });
  for (const routes of resourceRoutes) await app.register(routes);
  return app;
}
