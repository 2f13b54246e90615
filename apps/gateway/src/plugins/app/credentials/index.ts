import { createSequences, invalidateOn } from '@herald/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { KEY_REVOKED_SUBJECT } from '@herald/contracts';
import fp from 'fastify-plugin';
import type { Db } from 'mongodb';
import { createCredentialCache, type CredentialCache } from './credential-cache';
import { announceKeyRevoked, announceProjectChanged, changedProjectsOf, PROJECT_CHANGED_SUBJECT, revokedKeysOf } from './revocation';
import { createKeyRepository } from './key-repository';
import { createProjectRepository } from './project-repository';
import type { AdminDeps } from './admin-deps';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached key and project lookups for authentication. */
    credentials: CredentialCache;
    /** Dependencies of the admin use cases (projects and keys). */
    adminDeps: AdminDeps;
  }
}

/**
 * Projects and API keys live in the gateway's own database, so authentication needs no RPC.
 * Revocations and project changes are announced on core NATS and evicted from every replica's cache
 * (`invalidateOn`); while the NATS connection is down such messages can be missed, so the cache is
 * emptied when it drops and again when it is back, and keeps answers for at most a second in between.
 */
export default fp<{ db: Db; nats: NatsConnection }>(
  async (app, opts) => {
    const projects = createProjectRepository(opts.db);
    const keys = createKeyRepository(opts.db);
    await keys.ensureIndexes();
    const credentials = createCredentialCache({ keys, projects }, { now: app.clock.now });
    const scope = opts.db.databaseName;
    const caches = [credentials.invalidatable];
    const stops = [
      invalidateOn(opts.nats, { subject: KEY_REVOKED_SUBJECT, keysOf: revokedKeysOf(scope), caches, logger: app.log, what: 'credentials (revoked keys)' }),
      invalidateOn(opts.nats, { subject: PROJECT_CHANGED_SUBJECT, keysOf: changedProjectsOf(scope), caches, logger: app.log, what: 'credentials (projects)' }),
    ];
    app.addHook('onClose', async () => stops.forEach((stop) => stop()));

    app.decorate('credentials', credentials);
    app.decorate('adminDeps', {
      projects,
      keys: {
        ...keys,
        insertMany: async (records) => {
          await keys.insertMany(records);
          for (const r of records) credentials.keyCreated(r.hash);
        },
      },
      sequences: createSequences(opts.db),
      now: () => app.clock.date(),
      announceKeyRevoked: async (hash, id) => {
        credentials.keyRevoked(hash);
        credentials.keyIdRevoked(id);
        await announceKeyRevoked(opts.nats, scope, hash, id);
      },
      projectChanged: async (id) => {
        credentials.projectChanged(id);
        await announceProjectChanged(opts.nats, scope, id);
      },
    });
  },
  { name: 'credentials' },
);
