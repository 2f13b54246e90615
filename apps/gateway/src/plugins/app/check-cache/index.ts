import fp from 'fastify-plugin';
import { invalidateOn, type NatsConnection } from '@herald/service-kit';
import type { Client } from '@connectrpc/connect';
import {
  PREFERENCE_CATALOG_CHANGED_SUBJECT,
  PREFERENCE_RULES_CHANGED_SUBJECT,
  RECIPIENT_DELETED_SUBJECT,
  type CheckPreferenceResponse,
  type PreferenceService,
} from '@herald/contracts';
import { catalogKey, createCheckCache, type CheckCache } from './check-cache';
import { deletedKeysOf } from '../recipient-presence';

type PreferenceClient = Client<typeof PreferenceService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the preference check, cached on this replica (see check-cache.ts). */
    checkCache: CheckCache<CheckPreferenceResponse>;
    /**
     * The preference service's client for the routes: its writes forget what they change from this
     * replica's check cache as soon as they settle (failed ones too: they may have been applied).
     */
    preferences: PreferenceClient;
  }
}

const textOf = (data: Uint8Array) => new TextDecoder().decode(data);
/** A rules-changed announcement names the recipient as the cache keys it (`<project id>:<recipient id>`). */
export const rulesChangedKeysOf = (data: Uint8Array): string[] => [textOf(data)];
/** A catalog-changed announcement names a project id. */
export const catalogChangedKeysOf = (data: Uint8Array): string[] => {
  const text = textOf(data);
  const id = Number(text);
  // Project ids are safe integers: up to 16 digits.
  return /^\d{1,16}$/.test(text) && Number.isSafeInteger(id) ? [catalogKey(id)] : [];
};

/** `client`, with every write of rules or catalog followed by the eviction of what it may have changed. */
export function evictingWrites(client: PreferenceClient, checks: Pick<CheckCache<CheckPreferenceResponse>, 'forgetRecipient' | 'forgetCatalog'>): PreferenceClient {
  const forgetCatalog = (projectId: bigint | undefined) => () => checks.forgetCatalog(projectId ?? 0n);
  return {
    ...client,
    setPreference: (req, options) => client.setPreference(req, options).finally(() => checks.forgetRecipient(req.projectId ?? 0n, req.recipientId ?? '')),
    createCatalogEntry: (req, options) => client.createCatalogEntry(req, options).finally(forgetCatalog(req.projectId)),
    updateCatalogEntry: (req, options) => client.updateCatalogEntry(req, options).finally(forgetCatalog(req.projectId)),
    deleteCatalogEntry: (req, options) => client.deleteCatalogEntry(req, options).finally(forgetCatalog(req.projectId)),
    upsertCatalog: (req, options) => client.upsertCatalog(req, options).finally(forgetCatalog(req.projectId)),
  };
}

/**
 * The check cache of this replica, kept in step with the preference service's announcements and the
 * recipient service's deletions (core NATS subscriptions: every gateway replica hears every one;
 * the recipient cache's keys and the check cache's recipient keys are both `<project id>:<recipient id>`).
 */
export default fp<{ nats: NatsConnection; ttlMs: number; maxEntries?: number }>(
  async (app, opts) => {
    const checks = createCheckCache<CheckPreferenceResponse>({
      load: (q) => app.services.preferences.checkPreference(q),
      ttlMs: opts.ttlMs,
      now: app.clock.now,
      maxEntries: opts.maxEntries ?? 100_000,
      maxPerRecipient: 256,
    });
    app.decorate('checkCache', checks);
    app.decorate('preferences', evictingWrites(app.services.preferences, checks));
    const caches = [checks.invalidatable];
    const stops = [
      invalidateOn(opts.nats, { subject: PREFERENCE_RULES_CHANGED_SUBJECT, keysOf: rulesChangedKeysOf, caches, logger: app.log, what: 'preference checks (rules)' }),
      invalidateOn(opts.nats, { subject: PREFERENCE_CATALOG_CHANGED_SUBJECT, keysOf: catalogChangedKeysOf, caches, logger: app.log, what: 'preference checks (catalog)' }),
      // A deleted recipient's rules are erased later (and announced then); its answers go at once.
      invalidateOn(opts.nats, { subject: RECIPIENT_DELETED_SUBJECT, keysOf: deletedKeysOf, caches, logger: app.log, what: 'preference checks (deleted recipients)' }),
    ];
    app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  },
  { name: 'check-cache', dependencies: ['services'] },
);
