import fp from 'fastify-plugin';
import { fromBinary } from '@bufbuild/protobuf';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';
import { createRecipientPresence, type RecipientPresence } from '../../recipients/recipient-presence';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recipient existence checks of the recipient-scoped read routes (see recipient-presence.ts). */
    recipientPresence: RecipientPresence;
  }
}

/**
 * Listens on the RecipientDeleted subject with a plain (core NATS) subscription: every gateway
 * replica hears every deletion, next to the services' durable consumers.
 */
export function onRecipientDeleted(nc: NatsConnection, forget: (projectId: bigint, recipientId: string) => void): { stop(): void } {
  const sub = nc.subscribe(RECIPIENT_DELETED_SUBJECT, {
    callback: (err, msg) => {
      if (err) return;
      try {
        const event = fromBinary(RecipientDeletedSchema, msg.data);
        forget(event.projectId, event.recipientId);
      } catch {
        // Not a RecipientDeleted message: nothing to forget.
      }
    },
  });
  return { stop: () => sub.unsubscribe() };
}

export default fp<{ nats: NatsConnection; ttlMs: number }>(
  async (app, opts) => {
    const presence = createRecipientPresence({
      check: (projectId, id) => app.services.recipients.getRecipient({ projectId, id }),
      ttlMs: opts.ttlMs,
      maxEntries: 100_000,
    });
    app.decorate('recipientPresence', presence);
    const listener = onRecipientDeleted(opts.nats, presence.forget);
    app.addHook('onClose', async () => listener.stop());
  },
  { name: 'recipient-presence', dependencies: ['services'] },
);
