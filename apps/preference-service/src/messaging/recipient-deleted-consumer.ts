import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { AckPolicy, DeliverPolicy, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { EVENTS_STREAM, RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { done, ensureConsumer, startWorker, type Logger, type NatsConnection, type Outcome, type Worker } from '@herald/service-kit';

export interface RecipientDeleted {
  projectId: number;
  recipientId: string;
  deletedAt: Date;
}

const ACK_WAIT_MS = 30_000;
const RETRY_DELAY_MS = 5_000;
/** Erasures handled at once; each is one store write, and their order does not matter. */
const CONCURRENCY = 8;

/** The durable pull consumer of RecipientDeleted events (one `filter_subject`: nats-server 2.9). */
export const recipientDeletedConsumerConfig = (durable: string) => ({
  durable_name: durable,
  filter_subject: RECIPIENT_DELETED_SUBJECT,
  ack_policy: AckPolicy.Explicit,
  deliver_policy: DeliverPolicy.All,
  ack_wait: nanos(ACK_WAIT_MS),
  max_ack_pending: 1000,
});

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
 * Applies recipient erasures from the durable consumer on service-kit's worker (created here when
 * missing, and again if it is deleted while the service runs): `ack` once handled, `nak(5 s)` after
 * a failure, `term` for an event that can never succeed.
 */
export function startRecipientDeletedConsumer(opts: {
  nc: NatsConnection;
  durable: string;
  logger: Logger;
  handle: (e: RecipientDeleted) => Promise<number>;
}): Promise<Worker> {
  const { nc, durable, logger } = opts;
  return startWorker({
    nc,
    logger,
    stream: EVENTS_STREAM,
    durable,
    concurrency: CONCURRENCY,
    retryBaseMs: RETRY_DELAY_MS,
    workingEveryMs: ACK_WAIT_MS / 3,
    ensure: () => ensureConsumer(nc, EVENTS_STREAM, recipientDeletedConsumerConfig(durable)),
    async handle(m): Promise<Outcome> {
      const event = decode(m);
      const log = logger.child({ seq: m.seq, subject: m.subject });
      if (!event) return { poison: 'malformed RecipientDeleted event' };
      try {
        const removed = await opts.handle(event);
        log.debug({ ...event, removed }, 'recipient rules removed');
        return done;
      } catch (err) {
        log.error({ err, projectId: event.projectId, recipientId: event.recipientId }, 'removing recipient rules failed, will retry');
        return { retryInMs: RETRY_DELAY_MS };
      }
    },
  });
}
