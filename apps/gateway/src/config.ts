import { loadConfig, ServiceAuthConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';

const Url = (fallback: string) => Type.String({ minLength: 1, default: fallback });

/** The gateway's settings, validated once at start (see `readConfig`); nothing else reads `process.env`. */
export const ConfigSchema = Type.Object({
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  /** Port of the Prometheus `/metrics` listener (kept off the public port; 0 picks a free one). */
  METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9100 }),
  MONGO_URL: Type.String({ minLength: 1 }),
  MONGO_DB: Type.String({ minLength: 1, default: 'herald_gateway' }),
  NATS_URL: Type.String({ minLength: 1 }),
  /** NATS user of the gateway (servers with per-app users and subject permissions); none when empty. */
  NATS_USER: Type.Optional(Type.String()),
  /** Password of NATS_USER. */
  NATS_PASSWORD: Type.Optional(Type.String()),
  /** Bearer credential of the admin API (operators). */
  ADMIN_TOKEN: Type.String({ minLength: 16 }),
  /** HMAC-SHA256 key of recipient tokens; every gateway replica must share it. */
  TOKEN_SECRET: Type.String({ minLength: 32 }),
  /** `development` accepts the published example secrets (see `ALLOW_DEV_SECRETS`); anything else refuses them. */
  NODE_ENV: Type.Optional(Type.String()),
  /** Accept published example values of ADMIN_TOKEN / TOKEN_SECRET (local development stacks only). */
  ALLOW_DEV_SECRETS: Type.Boolean({ default: false }),
  RECIPIENT_SERVICE_URL: Url('http://127.0.0.1:50051'),
  PREFERENCE_SERVICE_URL: Url('http://127.0.0.1:50052'),
  DELIVERY_SERVICE_URL: Url('http://127.0.0.1:50053'),
  /**
   * How long a recipient read from the recipient service is served from memory (GET /recipients/{id}, existence checks,
   * recipient tokens). A backstop: changes and deletions reach every replica's cache at once through the recipient
   * service's events, and nothing is kept while the NATS connection is down. 0: always ask.
   */
  RECIPIENT_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60_000 }),
  /**
   * How long an answer of GET /recipients/{id}/preferences/check is served from memory. A backstop: every change of
   * the recipient's rules or of the project's catalog reaches every replica's cache at once through the preference
   * service's announcements, and nothing is kept while the NATS connection is down. 0: always ask.
   */
  PREFERENCE_CHECK_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60_000 }),
  /** Proxies whose X-Forwarded-For is believed (client address of the failed-auth limit): `loopback`, CIDRs, comma-separated; empty: none. */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  /** Failed authentications allowed per client address and second (burst twice that), per replica. */
  AUTH_FAILURES_PER_SECOND: Type.Number({ exclusiveMinimum: 0, default: 20 }),
  /** Webhook tests and delivery retries (`POST /webhooks/{id}/test`, `…/retry`) allowed per project and second, across replicas (burst twice that). */
  WEBHOOK_ACTIONS_PER_SECOND: Type.Number({ exclusiveMinimum: 0, default: 2 }),
  /** Accept webhook URLs on loopback, private or local hosts (IP literals, single-label names, `.local`, `.internal`, `.svc`): development and tests, as the delivery service's setting of the same name. */
  WEBHOOK_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  /** Protocol spoken to the services over HTTP/2: `connect` (default, the faster codec here) or `grpc`. */
  SERVICE_PROTOCOL: Type.Union([Type.Literal('connect'), Type.Literal('grpc')], { default: 'connect' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  /**
   * Origins allowed to call the API from a browser (CORS), comma-separated (`https://app.example.com,https://admin.example.com`);
   * `*` allows any origin (development only); empty: no browser access. Browsers should hold recipient tokens only, never a Full key.
   */
  CORS_ORIGINS: Type.String({ default: '' }),
  /** Open live streams (GET /recipients/{id}/notifications/stream) per recipient, per replica; 429 beyond. */
  STREAM_MAX_PER_RECIPIENT: Type.Integer({ minimum: 1, default: 10 }),
  /** Open live streams per project, per replica; 429 beyond. Unset: a fifth (20 %) of `STREAM_MAX_OPEN`, so one project cannot take a replica's streams. */
  STREAM_MAX_PER_PROJECT: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Open activity streams (GET /notifications/stream: a project's outcomes, for the console) per project, per replica; 429 beyond. They count in the project's streams too. */
  STREAM_MAX_ACTIVITY_PER_PROJECT: Type.Integer({ minimum: 1, default: 5 }),
  /** Open live streams per replica, all projects together; 503 (Retry-After) beyond. */
  STREAM_MAX_OPEN: Type.Integer({ minimum: 1, default: 10_000 }),
  /** A live stream ends after this long at most (less up to a tenth, spread); the client reconnects with Last-Event-ID. */
  STREAM_MAX_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 3600 }),
  /** Comment heartbeat on every live stream (load balancers cut idle connections at 30-60 s). */
  STREAM_HEARTBEAT_MS: Type.Integer({ minimum: 100, default: 15_000 }),
  /** Events a reconnecting stream may be replayed (Last-Event-ID); beyond, a `reset` event. */
  STREAM_REPLAY_MAX: Type.Integer({ minimum: 1, maximum: 100_000, default: 1000 }),
  /** Bytes (encoded events) a reconnecting stream may be replayed; beyond, a `reset` event. */
  STREAM_REPLAY_MAX_BYTES: Type.Integer({ minimum: 65_536, default: 1_048_576 }),
  /** Bytes a live stream may hold for its client (live events queued, plus unsent) before the client counts as too slow and is disconnected. */
  STREAM_MAX_BUFFERED_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  /** Bytes all live streams of a replica may hold together (queued, unsent, replays being read); new streams get 503 (Retry-After) beyond. */
  STREAM_MAX_BUFFERED_BYTES_TOTAL: Type.Integer({ minimum: 1_048_576, default: 134_217_728 }),
  /** Directory of the browser bundle served at `/ui/herald-inbox.js`; empty: `ui/` beside the apps' bundles (`dist/ui`, made by scripts/build.mjs). */
  UI_DIR: Type.String({ default: '' }),
  /**
   * Development only: a JSON file holding a Full key (`full_key`, as `.local/dev-credentials.json`); when set, `/demo` serves a page
   * that mints a token for the recipient `demo-user` of that key's project and shows `<herald-inbox>`. Anyone reaching `/demo` can then
   * read and send to that recipient: never set it on a public gateway. `npm start` sets it.
   */
  DEMO_CREDENTIALS_FILE: Type.String({ default: '' }),
  /** OTLP/HTTP collector base URL (for example http://otel-collector:4318); tracing is off when empty. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String()),
  // Service-to-service auth: the gateway only calls, so it sends SERVICE_TOKEN (required unless SERVICE_AUTH is none).
  SERVICE_AUTH: ServiceAuthConfigSchema.properties.SERVICE_AUTH,
  SERVICE_TOKEN: ServiceAuthConfigSchema.properties.SERVICE_TOKEN,
});
export type Config = Static<typeof ConfigSchema>;

/**
 * Secret values that were published (committed in this repository's compose file and dev overlay,
 * or shown in its documentation): anyone can read them, so a gateway using them is open to all.
 */
export const KNOWN_EXAMPLE_SECRETS: readonly string[] = ['dev-admin-token-change-me', 'dev-token-secret-change-me-0123456789abcdef'];
const looksLikeExample = (value: string) => KNOWN_EXAMPLE_SECRETS.includes(value) || /change[-_ ]?me/i.test(value);

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const config = loadConfig(ConfigSchema, env);
  if (config.NODE_ENV !== 'development' && !config.ALLOW_DEV_SECRETS) {
    const published = (['ADMIN_TOKEN', 'TOKEN_SECRET'] as const).filter((k) => looksLikeExample(config[k]));
    if (published.length > 0) {
      throw new Error(
        `invalid configuration:\n  ${published
          .map((k) => `${k}: a published example value; generate one (e.g. openssl rand -hex 32), or set NODE_ENV=development / ALLOW_DEV_SECRETS=true on a local stack`)
          .join('\n  ')}`,
      );
    }
  }
  return config;
};
