import { loadConfig, ServiceConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';

export const ConfigSchema = Type.Composite([
  ServiceConfigSchema,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 50051 }),
    METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9101 }),
    MONGO_DB: Type.String({ minLength: 1, default: 'herald_recipient' }),
    /** Accept web push subscriptions whose endpoint is on a loopback, private or local host (development, tests: the local fake push service). */
    PUSH_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  }),
]);
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
