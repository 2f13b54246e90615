import http2 from 'node:http2';
import { Code, ConnectError, createContextValues, type ConnectRouter, type Interceptor } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from '@herald/contracts';
import type { Logger } from 'pino';
import { toConnectError, DomainError } from './errors';
import type { Metrics } from './metrics';
import { portOf } from './metrics';
import { sleep, type Clock } from '@herald/timing';
import { callerAddressKey, serviceAuthServerInterceptor } from './service-auth';
import { tracingServerInterceptor } from './tracing';

export interface RpcServerOptions {
  routes: (router: ConnectRouter) => void;
  port: number;
  host: string;
  logger: Logger;
  metrics?: Metrics;
  /** Readiness of the process's dependencies (store, broker); reported through grpc.health.v1. */
  isReady?: () => Promise<boolean>;
  /**
   * Service-to-service authentication: the accepted service tokens (see service-auth.ts). Absent:
   * no check (test fakes only; `startService` always decides from the config). grpc.health.v1 is
   * always open, for probes.
   */
  auth?: { tokens: string[] } | null;
  /** The process's clock (default: the system's). */
  clock?: Clock;
}

export interface RpcServer {
  port: number;
  /** Reports NOT_SERVING from now on (first step of a graceful shutdown). */
  markShuttingDown(): void;
  /** Stops accepting connections and waits for in-flight calls to finish. */
  close(): Promise<void>;
}

/**
 * Maps thrown errors to Connect errors in one place and logs each unexpected error once, here,
 * where it is handled. Records latency per method.
 */
function errorAndMetricsInterceptor(logger: Logger, metrics?: Metrics): Interceptor {
  const fail = (err: unknown, method: string): ConnectError => {
    if (!(err instanceof DomainError) && !(err instanceof ConnectError)) {
      logger.error({ err, method }, 'rpc failed');
    }
    return toConnectError(err);
  };
  return (next) => async (req) => {
    const end = metrics?.rpcDuration.startTimer({ method: req.method.name });
    try {
      const res = await next(req);
      if (!res.stream) {
        end?.({ code: 'ok' });
        return res;
      }
      // A server stream can fail after its first message: map and log those errors too.
      const messages = res.message;
      async function* guarded() {
        try {
          yield* messages;
          end?.({ code: 'ok' });
        } catch (err) {
          const connectErr = fail(err, req.method.name);
          end?.({ code: Code[connectErr.code] });
          throw connectErr;
        }
      }
      return { ...res, message: guarded() };
    } catch (err) {
      const connectErr = fail(err, req.method.name);
      end?.({ code: Code[connectErr.code] });
      throw connectErr;
    }
  };
}

export const LIVENESS = 'liveness';

/** Health routes: `grpc.health.v1.Health` as Kubernetes gRPC probes and grpc-health-probe expect. */
function healthRoutes(status: (service: string) => Promise<ServingStatus>) {
  return (router: ConnectRouter) =>
    router.service(Health, {
      async check(req) {
        return { status: await status(req.service) };
      },
      async *watch(req, ctx) {
        let last: ServingStatus | undefined;
        while (!ctx.signal.aborted) {
          const current = await status(req.service);
          if (current !== last) yield { status: current };
          last = current;
          await sleep(1000, { signal: ctx.signal }).catch(() => undefined); // aborted: the loop ends
        }
      },
    });
}

/** Serves Connect routes over h2c with the gRPC, gRPC-Web and Connect protocols plus health. */
export async function startRpcServer(opts: RpcServerOptions): Promise<RpcServer> {
  let shuttingDown = false;
  // The service name "liveness" reports only that the process is up and not shutting down, so a
  // liveness probe does not restart pods during a store or broker outage; any other name (the
  // empty one included) also requires the dependencies to be reachable (readiness).
  const status = async (service: string) => {
    if (shuttingDown) return ServingStatus.NOT_SERVING;
    if (service === LIVENESS) return ServingStatus.SERVING;
    if (opts.isReady && !(await opts.isReady())) return ServingStatus.NOT_SERVING;
    return ServingStatus.SERVING;
  };
  const handler = connectNodeAdapter({
    routes: (router) => {
      opts.routes(router);
      healthRoutes(status)(router);
    },
    // The auth check runs inside the error and metrics interceptor, so refused calls are counted
    // with code Unauthenticated (and, being ConnectErrors, not logged as failures there).
    interceptors: [
      tracingServerInterceptor,
      errorAndMetricsInterceptor(opts.logger, opts.metrics),
      ...(opts.auth ? [serviceAuthServerInterceptor({ tokens: opts.auth.tokens, logger: opts.logger, clock: opts.clock })] : []),
    ],
    contextValues: (req) => createContextValues().set(callerAddressKey, req.socket?.remoteAddress ?? 'unknown'),
    // Replies are never compressed: between services on one network, gzip costs both ends more CPU
    // than the bytes it saves (compressed requests are still accepted).
    compressMinBytes: Number.POSITIVE_INFINITY,
  });
  const server = http2.createServer(handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: portOf(server),
    markShuttingDown: () => {
      shuttingDown = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Ask clients to go away: streams in flight finish, no new ones start.
        for (const s of sessions) s.close();
      }),
  };
}
