import fp from 'fastify-plugin';
import { fromBinary } from '@bufbuild/protobuf';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { DomainError } from '@herald/service-kit';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';
import { onConnectionChange } from '../../auth/revocation';
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

const isNotFound = (err: unknown) =>
  (err instanceof ConnectError && err.code === Code.NotFound) || (err instanceof DomainError && err.kind === 'not_found');

export default fp<{ nats: NatsConnection; ttlMs: number; tokenTtlMs: number }>(
  async (app, opts) => {
    const presence = createRecipientPresence({
      check: async (projectId, id) => {
        const res = await app.services.recipients.getRecipient({ projectId, id });
        return res.recipient?.createdAt ? timestampMs(res.recipient.createdAt) : 0;
      },
      isNotFound,
      ttlMs: opts.ttlMs,
      tokenTtlMs: opts.tokenTtlMs,
      maxEntries: 100_000,
    });
    app.decorate('recipientPresence', presence);
    const listener = onRecipientDeleted(opts.nats, presence.forget);
    app.addHook('onClose', async () => listener.stop());
    // Deletions missed while NATS was away: forget everything when it drops and when it is back.
    onConnectionChange(opts.nats, { lost: presence.clear, back: presence.clear }, (err) => app.log.warn({ err }, 'recipient presence: NATS status watch ended'));
  },
  { name: 'recipient-presence', dependencies: ['services'] },
);
