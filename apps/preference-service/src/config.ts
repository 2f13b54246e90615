import { loadConfig, ServiceConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';
import { PREFERENCE_RECIPIENT_DELETED_CONSUMER } from '@herald/contracts';

export const ConfigSchema = Type.Composite([
  ServiceConfigSchema,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 50052 }),
    METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9102 }),
    MONGO_DB: Type.String({ minLength: 1, default: 'herald_preference' }),
    /** Longest a cached project catalog is served without reloading (backstop; changes are broadcast). */
    CATALOG_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 30_000 }),
    /** Most project catalogs kept in memory. */
    CATALOG_CACHE_MAX_PROJECTS: Type.Integer({ minimum: 1, default: 10_000 }),
    /** Longest a recipient's cached rules are served without reloading (backstop; changes are broadcast; 0: no cache). */
    RULES_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60_000 }),
    /** Most recipients whose rules are kept in memory. */
    RULES_CACHE_MAX_RECIPIENTS: Type.Integer({ minimum: 1, default: 100_000 }),
    /** Durable name of the recipient-deleted consumer; every replica of one deployment shares it. */
    RECIPIENT_DELETED_DURABLE: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_-]+$', default: PREFERENCE_RECIPIENT_DELETED_CONSUMER }),
  }),
]);
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
