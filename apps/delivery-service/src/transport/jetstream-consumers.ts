import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  BroadcastChunkJobSchema,
  BroadcastJobSchema,
  DELIVERY_BROADCAST_CONSUMER,
  DELIVERY_CHUNK_CONSUMER,
  DELIVERY_DIGEST_CONSUMER,
  DigestJobSchema,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_PUSH_CONSUMER,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_SEND_CONSUMER,
  DELIVERY_SMS_CONSUMER,
  DELIVERY_STREAM,
  EVENTS_STREAM,
  OutboundJobSchema,
  RecipientDeletedSchema,
} from '@herald/contracts';
import { backoffDelay, done, startBatchWorker, startWorker, type Logger, type NatsConnection, type Outcome, type Worker } from '@herald/service-kit';
import type { JsMsg } from '@nats-io/jetstream';
import { OUTBOUND_MEDIUMS, type OutboundMedium } from '../kernel/outbound';
import type { DeliveryUseCases } from '../use-cases';
import { decodeSend } from './send-jobs';

/** Decodes a job, or reports it as poison (it can never succeed, so it is terminated). */
function decode<T>(m: JsMsg, parse: (data: Uint8Array) => T): T | Outcome {
  try {
    return parse(m.data);
  } catch {
    return { poison: 'undecodable message' };
  }
}
/** Decodes a batch: poison messages get their outcome, the others are returned with their index. */
function decodeAll<T>(msgs: JsMsg[], parse: (data: Uint8Array) => T): { outcomes: Outcome[]; jobs: { index: number; msg: JsMsg; value: T }[] } {
  const outcomes: Outcome[] = msgs.map(() => done);
  const jobs: { index: number; msg: JsMsg; value: T }[] = [];
  msgs.forEach((msg, index) => {
    const v = decode(msg, parse);
    if (isOutcome(v)) outcomes[index] = v;
    else jobs.push({ index, msg, value: v });
  });
  return { outcomes, jobs };
}

const isOutcome = (v: unknown): v is Outcome => typeof v === 'object' && v !== null && ('poison' in v || 'ack' in v || 'retryInMs' in v);

/** The durable consumer of each outbound medium's jobs. */
export const OUTBOUND_CONSUMERS: Record<OutboundMedium, string> = { email: DELIVERY_EMAIL_CONSUMER, sms: DELIVERY_SMS_CONSUMER, web_push: DELIVERY_PUSH_CONSUMER };

/** Starts every consumer loop of the service (streams and consumers exist already, see streams.ts). */
export async function startConsumers(opts: {
  nc: NatsConnection;
  logger: Logger;
  usecases: DeliveryUseCases;
  concurrency: number;
  /** Messages in hand at once per outbound medium (email, sms, web_push). */
  outboundConcurrency: Record<OutboundMedium, number>;
  /** Broadcast chunks in hand at once. */
  chunkConcurrency: number;
  /** Jobs per batch of the notification and email consumers. */
  batchSize: number;
  /** How long a batch waits for more jobs after its first. */
  batchLingerMs: number;
  onRedelivery?: (consumer: string) => void;
  retryBaseMs: number;
  /** The consumers' ack wait: a job in hand is kept alive with `working()` well within it. */
  ackWaitMs: number;
  /** Deliveries of a send job; an error on the last one writes the notification `failed`. */
  notificationMaxDeliveries: number;
}): Promise<Worker[]> {
  const { nc, logger, usecases, concurrency, onRedelivery, retryBaseMs } = opts;
  const workingEveryMs = Math.max(250, Math.floor(opts.ackWaitMs / 3));
  const base = { nc, logger, stream: DELIVERY_STREAM, onRedelivery, retryBaseMs, workingEveryMs };
  return Promise.all([
    startBatchWorker({
      ...base,
      durable: DELIVERY_SEND_CONSUMER,
      concurrency,
      batchSize: opts.batchSize,
      lingerMs: opts.batchLingerMs,
      async handleBatch(msgs) {
        const { outcomes, jobs } = decodeAll(msgs, decodeSend);
        if (jobs.length === 0) return outcomes;
        const sends = jobs.map((j) => j.value);
        try {
          await usecases.writeSends(sends, { redelivered: jobs.some((j) => j.msg.info.redelivered) });
          return outcomes;
        } catch (err) {
          // Retried with backoff until a send's last allowed delivery, which writes it `failed`.
          const last = jobs.filter((j) => j.msg.info.deliveryCount >= opts.notificationMaxDeliveries);
          if (last.length === 0) throw err;
          logger.error({ err, notificationIds: last.map((j) => j.value.id), deliveries: opts.notificationMaxDeliveries }, 'notifications failed after retries');
          await usecases.failSends(
            last.map((j) => j.value),
            err,
          );
          for (const j of jobs) {
            if (j.msg.info.deliveryCount < opts.notificationMaxDeliveries) outcomes[j.index] = { retryInMs: backoffDelay(retryBaseMs, j.msg.info.deliveryCount) };
          }
          return outcomes;
        }
      },
    }),
    startWorker({
      ...base,
      durable: DELIVERY_BROADCAST_CONSUMER,
      concurrency: 2,
      async handle(m, signal) {
        const job = decode(m, (d) => fromBinary(BroadcastJobSchema, d));
        if (isOutcome(job)) return job;
        await usecases.fanOutBroadcast(Number(job.broadcastId), signal.working);
        return done;
      },
    }),
    startWorker({
      ...base,
      durable: DELIVERY_CHUNK_CONSUMER,
      concurrency: opts.chunkConcurrency,
      async handle(m) {
        const job = decode(m, (d) => fromBinary(BroadcastChunkJobSchema, d));
        if (isOutcome(job)) return job;
        await usecases.processBroadcastChunk({
          broadcastId: Number(job.broadcastId),
          chunkIndex: job.chunkIndex,
          firstNotificationId: Number(job.firstNotificationId),
          recipientIds: job.recipientIds,
          recipientSeqs: job.recipientSeqs.length === job.recipientIds.length ? job.recipientSeqs.map(Number) : undefined,
        });
        return done;
      },
    }),
    // One consumer per outbound medium, so a slow SMS provider never holds up mail.
    ...OUTBOUND_MEDIUMS.map((medium) =>
      startBatchWorker({
        ...base,
        durable: OUTBOUND_CONSUMERS[medium],
        concurrency: opts.outboundConcurrency[medium],
        batchSize: opts.batchSize,
        lingerMs: opts.batchLingerMs,
        async handleBatch(msgs) {
          const { outcomes, jobs } = decodeAll(msgs, (d) => Number(fromBinary(OutboundJobSchema, d).notificationId));
          if (jobs.length === 0) return outcomes;
          const steps = await usecases.sendOutbound[medium](
            jobs.map((j) => j.value),
            { redelivered: jobs.some((j) => j.msg.info.redelivered) },
          );
          for (const j of jobs) {
            const step = steps.get(j.value);
            outcomes[j.index] = step?.kind === 'retry' ? { retryInMs: step.inMs } : done;
          }
          return outcomes;
        },
      }),
    ),
    startWorker({
      ...base,
      durable: DELIVERY_DIGEST_CONSUMER,
      concurrency: 8,
      async handle(m) {
        const job = decode(m, (d) => fromBinary(DigestJobSchema, d));
        if (isOutcome(job)) return job;
        const step = await usecases.closeDigest(Number(job.digestId), m.info.deliveryCount);
        return step.kind === 'retry' ? { retryInMs: step.inMs } : done;
      },
    }),
    startWorker({
      nc,
      logger,
      onRedelivery,
      retryBaseMs,
      workingEveryMs,
      stream: EVENTS_STREAM,
      durable: DELIVERY_RECIPIENT_DELETED_CONSUMER,
      concurrency: 4,
      async handle(m) {
        const ev = decode(m, (d) => fromBinary(RecipientDeletedSchema, d));
        if (isOutcome(ev)) return ev;
        const at = ev.deletedAt ? timestampDate(ev.deletedAt) : new Date();
        await usecases.removeRecipientNotifications(Number(ev.projectId), ev.recipientId, at, ev.recipientSeq);
        return done;
      },
    }),
  ]);
}
