import { PREFERENCE_RULES_CHANGED_SUBJECT } from '@herald/contracts';
import { createCache, invalidateOn, type Logger, type NatsConnection } from '@herald/service-kit';
import type { RuleSet } from '../domain/rules';
import type { RuleRepository } from './rule-repository';

/**
 * Core NATS subject on which preference-service replicas (and the gateways' check caches) hear that
 * a recipient's rules changed (payload: `<project id>:<recipient id>`, the cache key).
 */
export const RULES_CHANGED_SUBJECT = PREFERENCE_RULES_CHANGED_SUBJECT;

export interface RulesCacheOptions {
  nats: NatsConnection;
  /** Backstop for a lost broadcast: a recipient's rules are reloaded at least this often. */
  ttlMs: number;
  maxRecipients: number;
  logger: Logger;
}

const keyOf = (projectId: number, recipientId: string) => `${projectId}:${recipientId}`;
const rulesKeysOf = (data: Uint8Array) => [new TextDecoder().decode(data)];

/**
 * The rule repository with each recipient's rules kept in memory (the preference check and list
 * read them on every call), in the service kit's cache. Every write of this service's rules goes
 * through here (`set`, `removeWrittenAtOrBefore`): after the write, this replica forgets the
 * recipient at once, then broadcasts it on RULES_CHANGED_SUBJECT and waits for the server to have it,
 * so the other replicas forget it too before the write is answered. A read in flight across a write
 * is not kept; while the NATS connection is down nothing is kept (`invalidateOn`); the TTL bounds
 * staleness if all else fails. Batch reads (`findForRecipients`, ResolveBatch) are not cached.
 */
export function createRulesCache(rules: RuleRepository, opts: RulesCacheOptions): RuleRepository & { stop(): void } {
  const cache = createCache<RuleSet>({ max: opts.maxRecipients, ttlMs: opts.ttlMs });
  const stop = invalidateOn(opts.nats, { subject: RULES_CHANGED_SUBJECT, keysOf: rulesKeysOf, caches: [cache], logger: opts.logger, what: 'recipient rules' });
  const changed = async (projectId: number, recipientId: string) => {
    const key = keyOf(projectId, recipientId);
    cache.delete(key);
    opts.nats.publish(RULES_CHANGED_SUBJECT, key);
    await opts.nats.flush().catch((err: unknown) => opts.logger.warn({ err, projectId, recipientId }, 'rules change broadcast not confirmed'));
  };
  return {
    ...rules,
    async findForRecipient(projectId, recipientId) {
      return (await cache.getOrLoad(keyOf(projectId, recipientId), () => rules.findForRecipient(projectId, recipientId)))!;
    },
    // A failed write may still have been applied: forget the recipient whatever happened.
    async set(...args) {
      try {
        return await rules.set(...args);
      } finally {
        await changed(args[0], args[1]);
      }
    },
    async removeWrittenAtOrBefore(...args) {
      try {
        return await rules.removeWrittenAtOrBefore(...args);
      } finally {
        await changed(args[0], args[1]);
      }
    },
    stop,
  };
}
