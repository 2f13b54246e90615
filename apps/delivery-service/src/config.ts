import { loadConfig, ServiceConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';

export const ConfigSchema = Type.Composite([
  ServiceConfigSchema,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 50053 }),
    METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9103 }),
    MONGO_DB: Type.String({ minLength: 1, default: 'herald_delivery' }),
    RECIPIENT_SERVICE_URL: Type.String({ minLength: 1, default: 'http://127.0.0.1:50051' }),
    PREFERENCE_SERVICE_URL: Type.String({ minLength: 1, default: 'http://127.0.0.1:50052' }),
    SMTP_URL: Type.String({ minLength: 1, default: 'smtp://127.0.0.1:1025' }),
    SMTP_FROM: Type.String({ minLength: 1, default: 'Herald <no-reply@herald.local>' }),
    /** Open SMTP connections of the pooled transport. */
    SMTP_POOL_SIZE: Type.Integer({ minimum: 1, default: 8 }),
    /** Jobs handled at once per consumer (notifications, chunks). */
    WORKER_CONCURRENCY: Type.Integer({ minimum: 1, default: 32 }),
    /** Emails in flight at once. */
    EMAIL_CONCURRENCY: Type.Integer({ minimum: 1, default: 32 }),
    /** Recipients per broadcast chunk message. */
    BROADCAST_CHUNK_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
    /** Attempts of one email before it ends `failed`. */
    EMAIL_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 6 }),
    /** First retry delay of an email; doubles each attempt. */
    EMAIL_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 500 }),
    /** The outbox sweeper republishes jobs of notifications still pending after this long. */
    OUTBOX_REPUBLISH_AFTER_MS: Type.Integer({ minimum: 100, default: 10_000 }),
    OUTBOX_SWEEP_EVERY_MS: Type.Integer({ minimum: 100, default: 5_000 }),
    /** Deliveries of one direct notification's job before it ends `failed` (a dependency down that long). */
    NOTIFICATION_MAX_DELIVERIES: Type.Integer({ minimum: 1, default: 10 }),
    /** First retry delay of a job that failed unexpectedly; doubles each delivery (capped at 30 s). */
    JOB_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 200 }),
    /** Redelivery of an unacknowledged job (a crashed worker's job comes back after this). */
    ACK_WAIT_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
  }),
]);
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
