export { loadConfig } from './config';
export { createLogger, type Logger } from './logger';
export {
  DomainError,
  type ErrorKind,
  type Violation,
  notFound,
  conflict,
  invalid,
  toConnectError,
  toFieldViolation,
  fromFieldViolation,
  isDuplicateKey,
  duplicateKeyWriteIndexes,
} from './errors';
export { violation, checkRecipientId } from './validation';
export { createSequences, type Sequences } from './sequences';
export { connectMongo, type MongoHandle } from './mongo';
export { connectNats, natsConnectOptions, ensureStream, ensureEventsStream, ensureOutcomesStream, ensureConsumer, type NatsAuth, type NatsConnection } from './nats';
export {
  startWorker,
  startBatchWorker,
  done,
  type Outcome,
  type Worker,
  type WorkerOptions,
  type BatchWorkerOptions,
} from './jetstream-worker';
export { createMetrics, startMetricsServer, portOf, type Metrics } from './metrics';
export {
  ServiceAuthConfigSchema,
  type ServiceAuthConfig,
  serviceAuthProblems,
  outgoingServiceToken,
  acceptedServiceTokens,
  serviceAuthClientInterceptor,
  serviceAuthServerInterceptor,
  serviceClientInterceptors,
  callerAddressKey,
  SERVICE_TOKEN_REFUSED,
  type ServiceAuthServerOptions,
} from './service-auth';
export { startRpcServer, LIVENESS, type RpcServer, type RpcServerOptions } from './rpc-server';
export { PeerSessionManager } from './peer-sessions';
export { onShutdown, type ShutdownStep } from './shutdown';
export {
  ServiceConfigSchema,
  type ServiceConfig,
  type ServiceDeps,
  type ServiceParts,
  type RunningService,
  startService,
  runService,
} from './service';
export {
  initTracing,
  inSpan,
  traceHeaders,
  contextFromHeaders,
  tracingClientInterceptor,
  tracingServerInterceptor,
  SpanKind,
  type Tracing,
} from './tracing';
export { createBatcher, BatchItemFailure, type Batcher, type BatcherOptions } from './batcher';
export { createCache, createBoundedMap, invalidateOn, type Cache, type CacheOptions, type Invalidatable, type BoundedMap } from './cache';
export { retryPolicy, backoffDelay, backoff, type RetryPolicy, type RetryOptions, type BackoffOptions, type Jitter } from './retry';
export { BreakerOpenError, createBreaker, isCircuitOpen, type Breaker, type BreakerCheck, type BreakerOptions, type BreakerState } from './breaker';
export { isForbiddenAddress, forbiddenHost, guardedLookup, ForbiddenAddressError } from './address-guard';
export { hostAllowed, hostList } from './host-allow-list';
export { systemClock, createFakeClock, sleep, type Clock, type FakeClock } from '@herald/timing';
export { createSignedTokens, type SignedTokens, type Claims, type TokenCheck } from './signed-token';
