import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX, RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { ensureStream, type NatsConnection } from '@herald/service-kit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The domain events stream: every `herald.events.>` subject, on disk, kept 7 days. Idempotent. */
export async function ensureEventsStream(nc: NatsConnection): Promise<void> {
  await ensureStream(nc, {
    name: EVENTS_STREAM,
    subjects: [`${EVENTS_SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    max_age: nanos(7 * DAY_MS),
    duplicate_window: nanos(2 * 60 * 1000),
  });
}

export interface RecipientDeletedEvent {
  projectId: number;
  recipientId: string;
  /** Creation sequence of the erased incarnation: a retry of the same erasure repeats the msgID. */
  seq: number;
  deletedAt: Date;
}

/** Publishes the recipient service's events to JetStream, each with a msgID so duplicates are dropped. */
export function createRecipientEvents(nc: NatsConnection) {
  const js = jetstream(nc);
  return {
    async recipientDeleted(e: RecipientDeletedEvent): Promise<void> {
      const msg = create(RecipientDeletedSchema, {
        projectId: BigInt(e.projectId),
        recipientId: e.recipientId,
        deletedAt: timestampFromDate(e.deletedAt),
      });
      await js.publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, msg), {
        msgID: `recipient-deleted:${e.projectId}:${e.seq}`,
      });
    },
  };
}

export type RecipientEvents = ReturnType<typeof createRecipientEvents>;
