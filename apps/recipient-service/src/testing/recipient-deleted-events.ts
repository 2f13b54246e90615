import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { EVENTS_STREAM, RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectNats } from '@herald/service-kit';

export interface SeenRecipientDeleted {
  projectId: bigint;
  recipientId: string;
  deletedAt: Date;
}

/** Reads every RecipientDeleted of one project from the events stream (an ordered consumer, from the start). */
export async function recipientDeletedEvents(natsUrl: string, projectId: bigint): Promise<SeenRecipientDeleted[]> {
  const nc = await connectNats(natsUrl, 'test-events-reader');
  try {
    const js = jetstream(nc);
    const consumer = await js.consumers.get(EVENTS_STREAM, { filter_subjects: RECIPIENT_DELETED_SUBJECT, deliver_policy: DeliverPolicy.All });
    const seen: SeenRecipientDeleted[] = [];
    for (;;) {
      const pending = (await consumer.info(false)).num_pending;
      if (pending === 0) break;
      const batch = await consumer.fetch({ max_messages: Math.min(pending, 500), expires: 2000 });
      for await (const m of batch) {
        let e;
        try {
          e = fromBinary(RecipientDeletedSchema, m.data);
        } catch {
          continue; // another suite's deliberately undecodable message on the shared stream
        }
        if (e.projectId === projectId) seen.push({ projectId: e.projectId, recipientId: e.recipientId, deletedAt: timestampDate(e.deletedAt!) });
      }
    }
    await consumer.delete().catch(() => undefined);
    return seen;
  } finally {
    await nc.close();
  }
}
