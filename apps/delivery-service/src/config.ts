import { loadConfig, ServiceConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';

export const ConfigSchema = Type.Composite([
  ServiceConfigSchema,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 50053 }),
    METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9103 }),
    MONGO_DB: Type.String({ minLength: 1, default: 'herald_delivery' }),
  }),
]);
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
