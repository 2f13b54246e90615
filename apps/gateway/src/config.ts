import { loadConfig } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';

const Url = (fallback: string) => Type.String({ minLength: 1, default: fallback });

/** The gateway's settings, validated once at start (see `readConfig`); nothing else reads `process.env`. */
export const ConfigSchema = Type.Object({
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  MONGO_URL: Type.String({ minLength: 1 }),
  MONGO_DB: Type.String({ minLength: 1, default: 'herald_gateway' }),
  NATS_URL: Type.String({ minLength: 1 }),
  /** Bearer credential of the admin API (operators). */
  ADMIN_TOKEN: Type.String({ minLength: 16 }),
  /** HMAC-SHA256 key of recipient tokens; every gateway replica must share it. */
  TOKEN_SECRET: Type.String({ minLength: 32 }),
  RECIPIENT_SERVICE_URL: Url('http://127.0.0.1:50051'),
  PREFERENCE_SERVICE_URL: Url('http://127.0.0.1:50052'),
  DELIVERY_SERVICE_URL: Url('http://127.0.0.1:50053'),
  /** How long a confirmed recipient is taken to exist by the preference read routes (0: always ask). */
  RECIPIENT_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 2000 }),
  /** How long a recipient's incarnation is trusted by recipient-token checks (deletions evict at once; 0: always ask). */
  RECIPIENT_TOKEN_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60_000 }),
  /** Proxies whose X-Forwarded-For is believed (client address of the failed-auth limit): `loopback`, CIDRs, comma-separated; empty: none. */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  /** Failed authentications allowed per client address and second (burst twice that), per replica. */
  AUTH_FAILURES_PER_SECOND: Type.Number({ exclusiveMinimum: 0, default: 20 }),
  /** Protocol spoken to the services over HTTP/2: `connect` (default, the faster codec here) or `grpc`. */
  SERVICE_PROTOCOL: Type.Union([Type.Literal('connect'), Type.Literal('grpc')], { default: 'connect' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  /** OTLP/HTTP collector base URL (for example http://otel-collector:4318); tracing is off when empty. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String()),
});
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
