import { createSequences } from '@herald/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import fp from 'fastify-plugin';
import type { Db } from 'mongodb';
import { createCredentialCache, type CredentialCache } from '../../auth/credential-cache';
import { announceKeyRevoked, onKeyRevoked } from '../../auth/revocation';
import { createKeyRepository } from '../../projects/key-repository';
import { createProjectRepository } from '../../projects/project-repository';
import type { AdminDeps } from '../../usecases/deps';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached key and project lookups for authentication. */
    credentials: CredentialCache;
    /** Dependencies of the admin use cases (projects and keys). */
    adminDeps: AdminDeps;
    clock: () => Date;
  }
}

/**
 * Projects and API keys live in the gateway's own database, so authentication needs no RPC.
 * Revocations are announced on core NATS and evicted from every replica's cache.
 */
export default fp<{ db: Db; nats: NatsConnection; now: () => Date }>(
  async (app, opts) => {
    const projects = createProjectRepository(opts.db);
    const keys = createKeyRepository(opts.db);
    await keys.ensureIndexes();
    const credentials = createCredentialCache({ keys, projects });
    const revocations = onKeyRevoked(opts.nats, (hash) => credentials.keyRevoked(hash));
    app.addHook('onClose', async () => revocations.stop());

    app.decorate('clock', opts.now);
    app.decorate('credentials', credentials);
    app.decorate('adminDeps', {
      projects,
      keys,
      sequences: createSequences(opts.db),
      now: opts.now,
      announceKeyRevoked: async (hash) => {
        credentials.keyRevoked(hash);
        await announceKeyRevoked(opts.nats, hash);
      },
      projectChanged: (id) => credentials.projectChanged(id),
    });
  },
  { name: 'credentials' },
);
