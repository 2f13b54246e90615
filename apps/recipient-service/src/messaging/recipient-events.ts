import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_CHANGED_SUBJECT, RECIPIENT_DELETED_SUBJECT, RecipientChangedSchema, RecipientDeletedSchema } from '@herald/contracts';
import { traceHeaders, type NatsConnection } from '@herald/service-kit';
import type { RecipientChangedEvent, RecipientDeletedEvent, RecipientEvents } from '../usecases/ports';

/** Publishes the recipient service's events to JetStream, each with a msgID so duplicates are dropped. */
export function createRecipientEvents(nc: NatsConnection): RecipientEvents {
  const js = jetstream(nc);
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
    },
    // Awaited: the call that made the change is answered only once the broker has its announcement.
    async recipientChanged(e: RecipientChangedEvent): Promise<void> {
      const msg = create(RecipientChangedSchema, { projectId: BigInt(e.projectId), recipientIds: e.recipientIds, profile: e.profile, contacts: e.contacts });
      await js.publish(RECIPIENT_CHANGED_SUBJECT, toBinary(RecipientChangedSchema, msg), { headers: traceHeaders() });
    },
  };
}
