import { createSequences, ensureEventsStream, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import type { Config } from './config';
import { startRecipientDeletedConsumer } from './messaging/recipient-deleted-consumer';
import { preferenceRoutes } from './rpc/preference-routes';
import { createCatalogCache } from './store/catalog-cache';
import { createCatalogRepository } from './store/catalog-repository';
import { createRuleRepository } from './store/rule-repository';
import { createRulesCache } from './store/rules-cache';
import { createUseCases, type PreferenceDeps } from './usecases';

/** Builds the preference service: indexes, stream and consumer (idempotent), the catalog and rules caches, its routes. */
export async function build({ config, logger, mongo, nats, clock }: ServiceDeps<Config>): Promise<ServiceParts> {
  const catalog = createCatalogRepository(mongo.db);
  const storedRules = createRuleRepository(mongo.db);
  await Promise.all([catalog.ensureIndexes(), storedRules.ensureIndexes(), ensureEventsStream(nats, config.NATS_STREAM_REPLICAS)]);
  const rules = createRulesCache(storedRules, { nats, ttlMs: config.RULES_CACHE_TTL_MS, maxRecipients: config.RULES_CACHE_MAX_RECIPIENTS, logger });
  const catalogCache = createCatalogCache({
    load: (projectId) => catalog.listByProject(projectId),
    nats,
    ttlMs: config.CATALOG_CACHE_TTL_MS,
    maxProjects: config.CATALOG_CACHE_MAX_PROJECTS,
    logger,
  });
  const deps: PreferenceDeps = { catalog, rules, catalogCache, sequences: createSequences(mongo.db), clock };
  const usecases = createUseCases(deps);
  const consumer = await startRecipientDeletedConsumer({
    nc: nats,
    durable: config.RECIPIENT_DELETED_DURABLE,
    logger,
    handle: (e) => usecases.removeRecipientRules(e),
  });
  return {
    routes: preferenceRoutes(usecases),
    async stop() {
      await consumer.stop();
      catalogCache.stop();
      rules.stop();
    },
  };
}
