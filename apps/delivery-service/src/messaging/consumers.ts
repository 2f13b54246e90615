import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  BroadcastChunkJobSchema,
  BroadcastJobSchema,
  DELIVERY_BROADCAST_CONSUMER,
  DELIVERY_CHUNK_CONSUMER,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_NOTIFICATION_CONSUMER,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_STREAM,
  EmailJobSchema,
  EVENTS_STREAM,
  NotificationJobSchema,
  RecipientDeletedSchema,
} from '@herald/contracts';
import type { Logger, NatsConnection } from '@herald/service-kit';
import type { JsMsg } from '@nats-io/jetstream';
import type { DeliveryUseCases } from '../usecases';
import { done, startWorker, type Outcome, type Worker } from './worker';

/** Decodes a job, or reports it as poison (it can never succeed, so it is terminated). */
function decode<T>(m: JsMsg, parse: (data: Uint8Array) => T): T | Outcome {
  try {
    return parse(m.data);
  } catch {
    return { poison: 'undecodable message' };
  }
}
const isOutcome = (v: unknown): v is Outcome => typeof v === 'object' && v !== null && ('poison' in v || 'ack' in v || 'retryInMs' in v);

/** Starts every consumer loop of the service (streams and consumers exist already, see streams.ts). */
export async function startConsumers(opts: {
  nc: NatsConnection;
  logger: Logger;
  usecases: DeliveryUseCases;
  concurrency: number;
  emailConcurrency: number;
  onRedelivery?: (consumer: string) => void;
  retryBaseMs: number;
  /** The consumers' ack wait: a job in hand is kept alive with `working()` well within it. */
  ackWaitMs: number;
  /** Deliveries of a notification job; an error on the last one ends the notification `failed`. */
  notificationMaxDeliveries: number;
}): Promise<Worker[]> {
  const { nc, logger, usecases, concurrency, onRedelivery, retryBaseMs } = opts;
  const workingEveryMs = Math.max(250, Math.floor(opts.ackWaitMs / 3));
  const base = { nc, logger, stream: DELIVERY_STREAM, onRedelivery, retryBaseMs, workingEveryMs };
  return Promise.all([
    startWorker({
      ...base,
      durable: DELIVERY_NOTIFICATION_CONSUMER,
      concurrency,
      async handle(m) {
        const job = decode(m, (d) => fromBinary(NotificationJobSchema, d));
        if (isOutcome(job)) return job;
        try {
          await usecases.processNotification(Number(job.notificationId));
        } catch (err) {
          // Retried (the worker naks with backoff) until the last allowed delivery, which gives up.
          if (m.info.deliveryCount < opts.notificationMaxDeliveries) throw err;
          logger.error({ err, notificationId: String(job.notificationId), deliveries: m.info.deliveryCount }, 'notification failed after retries');
          await usecases.failNotification(Number(job.notificationId), err);
        }
        return done;
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
      concurrency: Math.max(1, Math.min(4, concurrency)),
      async handle(m) {
        const job = decode(m, (d) => fromBinary(BroadcastChunkJobSchema, d));
        if (isOutcome(job)) return job;
        await usecases.processBroadcastChunk({
          broadcastId: Number(job.broadcastId),
          chunkIndex: job.chunkIndex,
          firstNotificationId: Number(job.firstNotificationId),
          recipientIds: job.recipientIds,
        });
        return done;
      },
    }),
    startWorker({
      ...base,
      durable: DELIVERY_EMAIL_CONSUMER,
      concurrency: opts.emailConcurrency,
      async handle(m) {
        const job = decode(m, (d) => fromBinary(EmailJobSchema, d));
        if (isOutcome(job)) return job;
        const step = await usecases.sendEmail(Number(job.notificationId));
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
        await usecases.removeRecipientNotifications(Number(ev.projectId), ev.recipientId, at);
        return done;
      },
    }),
  ]);
}
