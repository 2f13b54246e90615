import { WEBHOOKS_CHANGED_SUBJECT } from '@herald/contracts';
import { createCache, invalidateOn, type Logger, type NatsConnection } from '@herald/service-kit';
import type { WebhookRepository } from './endpoint-repository';

/**
 * Whether a project has enabled webhook endpoints, cached per project (service-kit's cache), so
 * the fan-out neither reads the store nor decodes the outcome events of the many projects without
 * one. A change of a project's endpoints on any replica evicts it on every replica (core NATS
 * `herald.webhooks.changed`, published by `changed`); the cache is cleared when NATS drops or
 * returns, and an entry lives at most `ttlMs` anyway.
 */
export function createEndpointPresence(nc: NatsConnection, webhooks: Pick<WebhookRepository, 'enabledOf'>, logger: Logger, ttlMs = 60_000) {
  const cache = createCache<boolean>({ max: 100_000, ttlMs });
  const stop = invalidateOn(nc, {
    subject: WEBHOOKS_CHANGED_SUBJECT,
    keysOf: (data) => [new TextDecoder().decode(data)],
    caches: [cache],
    logger,
    what: 'webhook endpoints',
  });
  return {
    /** True when the project has at least one enabled endpoint. */
    has: async (projectId: number): Promise<boolean> => (await cache.getOrLoad(String(projectId), async () => (await webhooks.enabledOf([projectId])).length > 0))!,
    /** After a change of the project's endpoints: forgotten here at once, on the other replicas as the message passes. */
    changed(projectId: number): void {
      cache.delete(String(projectId));
      nc.publish(WEBHOOKS_CHANGED_SUBJECT, String(projectId));
    },
    stop,
  };
}

export type EndpointPresence = ReturnType<typeof createEndpointPresence>;

/** The repository, telling the presence cache of every change of a project's endpoints. */
export function withChangeNotices(repo: WebhookRepository, presence: Pick<EndpointPresence, 'changed'>): WebhookRepository {
  const noted = async <T>(projectId: number, write: Promise<T>): Promise<T> => {
    const r = await write;
    presence.changed(projectId);
    return r;
  };
  return {
    ...repo,
    insert: (doc) => noted(doc.project_id, repo.insert(doc)),
    update: (projectId, id, set) => noted(projectId, repo.update(projectId, id, set)),
    remove: (projectId, id) => noted(projectId, repo.remove(projectId, id)),
    disable: (endpoint, reason, at) => noted(endpoint.project_id, repo.disable(endpoint, reason, at)),
  };
}
