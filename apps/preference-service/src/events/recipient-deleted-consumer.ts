import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { EVENTS_STREAM, RecipientDeletedSchema } from '@herald/contracts';
import { contextFromHeaders, inSpan, SpanKind, type NatsConnection } from '@herald/service-kit';

export interface RecipientDeleted {
  projectId: number;
  recipientId: string;
  deletedAt: Date;
}

const RETRY_DELAY_MS = 5_000;

/** Decodes the event; null when it can never be handled (malformed). */
function decode(m: JsMsg): RecipientDeleted | null {
  try {
    const e = fromBinary(RecipientDeletedSchema, m.data);
    if (!e.recipientId || !e.deletedAt || e.projectId <= 0n) return null;
    return { projectId: Number(e.projectId), recipientId: e.recipientId, deletedAt: timestampDate(e.deletedAt) };
  } catch {
    return null;
  }
}

/**
 * Consumes recipient erasures from the durable pull consumer, one message at a time: `ack` once
 * handled, `nak(delay)` to retry after a failure, `term` for a message that can never succeed.
 * `stop()` stops pulling and waits for the message in hand.
 */
export async function startRecipientDeletedConsumer(
  nc: NatsConnection,
  durable: string,
  logger: Logger,
  handle: (e: RecipientDeleted) => Promise<unknown>,
): Promise<{ stop(): Promise<void> }> {
  const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 100 });
  const loop = (async () => {
    for await (const m of messages) {
      const event = decode(m);
      const log = logger.child({ seq: m.seq, subject: m.subject });
      if (!event) {
        log.error('malformed RecipientDeleted event, dropped');
        m.term();
        continue;
      }
      try {
        const removed = await inSpan(`${durable} process`, { kind: SpanKind.CONSUMER, parent: contextFromHeaders(m.headers) }, () => handle(event));
        m.ack();
        log.debug({ ...event, removed }, 'recipient rules removed');
      } catch (err) {
        log.error({ err, projectId: event.projectId, recipientId: event.recipientId }, 'removing recipient rules failed, will retry');
        m.nak(RETRY_DELAY_MS);
      }
    }
  })();
  return {
    async stop() {
      await messages.close();
      await loop;
    },
  };
}
