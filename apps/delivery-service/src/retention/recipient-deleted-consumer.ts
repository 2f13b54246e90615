import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { DELIVERY_RECIPIENT_DELETED_CONSUMER, EVENTS_STREAM, RecipientDeletedSchema } from '@herald/contracts';
import { done, startWorker, type Clock, type Worker } from '@herald/service-kit';
import { type ConsumerBase, decode, isOutcome } from '../platform';
import type { createRemoveRecipientNotifications } from './remove-recipient-notifications';

/** The recipient-deleted consumer (on the recipient service's events): erases a deleted recipient's notifications. */
export function startRecipientDeletedConsumer(
  base: ConsumerBase,
  removeRecipientNotifications: ReturnType<typeof createRemoveRecipientNotifications>,
  clock: Clock,
): Promise<Worker> {
  return startWorker({
    ...base,
    stream: EVENTS_STREAM,
    durable: DELIVERY_RECIPIENT_DELETED_CONSUMER,
    concurrency: 4,
    async handle(m) {
      const ev = decode(m, (d) => fromBinary(RecipientDeletedSchema, d));
      if (isOutcome(ev)) return ev;
      const at = ev.deletedAt ? timestampDate(ev.deletedAt) : clock.date();
      await removeRecipientNotifications(Number(ev.projectId), ev.recipientId, at, ev.recipientSeq);
      return done;
    },
  });
}
