import { loadConfig, ServiceConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';
import { CHAT_WEBHOOK_HOSTS } from './domain/chat-address';
import { BROWSER_PUSH_HOSTS } from '@herald/contracts';

export const ConfigSchema = Type.Composite([
  ServiceConfigSchema,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 50051 }),
    METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9101 }),
    MONGO_DB: Type.String({ minLength: 1, default: 'herald_recipient' }),
    /** Accept web push subscriptions whose endpoint is on a loopback, private or local host (development, tests: the local fake push service). */
    PUSH_ALLOW_PRIVATE: Type.Boolean({ default: false }),
    /** Hosts a web push subscription's endpoint may be on (`*.` any subdomain of; comma-separated): the browsers' push services by default. */
    PUSH_ALLOWED_HOSTS: Type.String({ default: BROWSER_PUSH_HOSTS }),
    /** Most lists one project may hold; past it a create answers 409 list_limit_reached. */
    LIST_MAX_PER_PROJECT: Type.Integer({ minimum: 1, default: 10_000 }),
    /** Most list subscriptions one project may hold; past it a subscribe answers 409 subscription_limit_reached and writes nothing. */
    LIST_SUBSCRIPTIONS_MAX_PER_PROJECT: Type.Integer({ minimum: 1, default: 10_000_000 }),
    /** Hosts a chat contact's incoming-webhook URL may be on (`*.` any subdomain of; comma-separated): Slack's, Teams' (and Power Automate's) and Discord's by default. */
    CHAT_ALLOWED_HOSTS: Type.String({ default: CHAT_WEBHOOK_HOSTS }),
    /** Accept chat webhook URLs on loopback, private or local hosts, over http too (development, tests: the local chat fakes). */
    CHAT_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  }),
]);
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
