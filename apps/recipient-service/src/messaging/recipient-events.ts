import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_CHANGED_SUBJECT, RECIPIENT_DELETED_SUBJECT, RecipientChangedSchema, RecipientDeletedSchema } from '@herald/contracts';
import { traceHeaders, type NatsConnection } from '@herald/service-kit';
import type { RecipientChangedEvent, RecipientDeletedEvent, RecipientEvents } from '../usecases/ports';

/** Publishes the recipient service's events to JetStream, each with a msgID so duplicates are dropped. */
export function createRecipientEvents(nc: NatsConnection): RecipientEvents {
  const js = jetstream(nc);
  /**
   * The stream's ack can reach us before the server has handed the same message to the core
   * subscribers that evict caches (the stream stores it on its own goroutine). A flush's PONG comes
   * after the server finished routing everything this connection published before it, so once it
   * returns every replica's connection holds the event ahead of any PING it sends later: the read
   * barrier of those replicas (a flush of their own) then sees the eviction.
   */
  const fannedOut = () => nc.flush();
  return {
    async recipientDeleted(e: RecipientDeletedEvent): Promise<void> {
      const msg = create(RecipientDeletedSchema, {
        projectId: BigInt(e.projectId),
        recipientId: e.recipientId,
        deletedAt: timestampFromDate(e.deletedAt),
        recipientSeq: BigInt(e.seq),
      });
      await js.publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, msg), {
        msgID: `recipient-deleted:${e.projectId}:${e.seq}`,
        // The deletion's trace continues in every consumer.
        headers: traceHeaders(),
      });
      await fannedOut();
    },
    // Awaited: the call that made the change is answered only once the broker has its announcement.
    async recipientChanged(e: RecipientChangedEvent): Promise<void> {
      const msg = create(RecipientChangedSchema, { projectId: BigInt(e.projectId), recipientIds: e.recipientIds, profile: e.profile, contacts: e.contacts });
      await js.publish(RECIPIENT_CHANGED_SUBJECT, toBinary(RecipientChangedSchema, msg), { headers: traceHeaders() });
      await fannedOut();
    },
  };
}
