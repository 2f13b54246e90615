import fp from 'fastify-plugin';
import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { DomainError, invalidateOn } from '@herald/service-kit';
import { RECIPIENT_CHANGED_SUBJECT, RECIPIENT_DELETED_SUBJECT, RecipientChangedSchema, RecipientDeletedSchema } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';
import { createRecipientPresence, recipientKey, type RecipientPresence } from './recipient-presence';

declare module 'fastify' {
  interface FastifyInstance {
    /** The recipients this replica read, cached (existence, incarnation, the recipient; see recipient-presence.ts). */
    recipientPresence: RecipientPresence;
  }
}

/** The cache keys a RecipientDeleted event names. */
export const deletedKeysOf = (data: Uint8Array): string[] => {
  const e = fromBinary(RecipientDeletedSchema, data);
  return [recipientKey(e.projectId, e.recipientId)];
};

/** The cache keys a RecipientChanged event names. */
export const changedKeysOf = (data: Uint8Array): string[] => {
  const e = fromBinary(RecipientChangedSchema, data);
  return e.recipientIds.map((id) => recipientKey(e.projectId, id));
};

const isNotFound = (err: unknown) =>
  (err instanceof ConnectError && err.code === Code.NotFound) || (err instanceof DomainError && err.kind === 'not_found');

/**
 * The recipient cache of this replica, kept in step by the recipient service's events: plain (core
 * NATS) subscriptions on the RecipientDeleted and RecipientChanged subjects, so every gateway replica
 * hears every one, next to the services' durable consumers.
 */
export default fp<{ nats: NatsConnection; ttlMs: number; maxEntries?: number }>(
  async (app, opts) => {
    const presence = createRecipientPresence({
      load: async (projectId, id) => {
        const res = await app.services.recipients.getRecipient({ projectId, id });
        if (!res.recipient) throw new ConnectError('Recipient not found', Code.NotFound);
        return res.recipient;
      },
      isNotFound,
      ttlMs: opts.ttlMs,
      now: app.clock.now,
      maxEntries: opts.maxEntries ?? 100_000,
    });
    app.decorate('recipientPresence', presence);
    const caches = [presence.invalidatable];
    const stops = [
      invalidateOn(opts.nats, { subject: RECIPIENT_DELETED_SUBJECT, keysOf: deletedKeysOf, caches, logger: app.log, what: 'recipients (deleted)' }),
      invalidateOn(opts.nats, { subject: RECIPIENT_CHANGED_SUBJECT, keysOf: changedKeysOf, caches, logger: app.log, what: 'recipients (changed)' }),
    ];
    app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  },
  { name: 'recipient-presence', dependencies: ['services'] },
);
