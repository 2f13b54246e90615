import { createSequences, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import { createCatalogCache } from './catalog/catalog-cache';
import type { Config } from './config';
import { startRecipientDeletedConsumer } from './events/recipient-deleted-consumer';
import { ensureEventsStream } from '@herald/service-kit';
import { ensureRecipientDeletedConsumer } from './events/streams';
import { preferenceRoutes } from './preference-routes';
import { createCatalogRepository } from './repositories/catalog-repository';
import { createRuleRepository } from './repositories/rule-repository';
import { removeRecipientRules } from './usecases/remove-recipient-rules';
import type { PreferenceDeps } from './usecases/deps';

/** Builds the preference service: indexes, stream and consumer (idempotent), the catalog cache, its routes. */
export async function build({ config, logger, mongo, nats }: ServiceDeps<Config>): Promise<ServiceParts> {
  const catalog = createCatalogRepository(mongo.db);
  const rules = createRuleRepository(mongo.db);
  await Promise.all([catalog.ensureIndexes(), rules.ensureIndexes(), ensureEventsStream(nats)]);
  await ensureRecipientDeletedConsumer(nats, config.RECIPIENT_DELETED_DURABLE);
  const catalogCache = createCatalogCache({
    load: (projectId) => catalog.listByProject(projectId),
    nats,
    ttlMs: config.CATALOG_CACHE_TTL_MS,
    maxProjects: config.CATALOG_CACHE_MAX_PROJECTS,
    logger,
  });
  const deps: PreferenceDeps = { catalog, rules, catalogCache, sequences: createSequences(mongo.db), now: () => new Date() };
  const consumer = await startRecipientDeletedConsumer(nats, config.RECIPIENT_DELETED_DURABLE, logger, (e) => removeRecipientRules(deps, e));
  return {
    routes: preferenceRoutes(deps),
    async stop() {
      await consumer.stop();
      catalogCache.stop();
    },
  };
}
