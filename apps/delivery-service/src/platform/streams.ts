import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, type ConsumerConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import {
  DELIVERY_BROADCAST_CONSUMER,
  DELIVERY_CHAT_CONSUMER,
  DELIVERY_CHAT_SUBJECT,
  DELIVERY_MOBILE_PUSH_CONSUMER,
  DELIVERY_MOBILE_PUSH_SUBJECT,
  DELIVERY_BROADCAST_SUBJECT,
  DELIVERY_CHUNK_CONSUMER,
  DELIVERY_CHUNK_SUBJECT,
  DELIVERY_DIGEST_CONSUMER,
  DELIVERY_DIGEST_SUBJECT,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_EMAIL_SUBJECT,
  DELIVERY_PUSH_CONSUMER,
  DELIVERY_PUSH_SUBJECT,
  DELIVERY_SMS_CONSUMER,
  DELIVERY_SMS_SUBJECT,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_SEND_CONSUMER,
  DELIVERY_SEND_SUBJECT_PREFIX,
  DELIVERY_STREAM,
  DELIVERY_SUBJECT_PREFIX,
  EVENTS_STREAM,
  RECIPIENT_DELETED_SUBJECT,
} from '@herald/contracts';
import { ensureConsumer, ensureEventsStream, ensureOutcomesStream, ensureStream, type NatsConnection } from '@herald/service-kit';

const MINUTE = 60_000;

/**
 * The delivery stream and every durable consumer of the service, created or updated at each
 * start of each replica (idempotent), before any worker starts. The events stream is ensured
 * with exactly the recipient service's configuration (whichever service starts first creates it).
 * Every stream has `replicas` copies (NATS_STREAM_REPLICAS); consumers take their stream's.
 */
export async function ensureDeliveryStreams(nc: NatsConnection, { ackWaitMs, outcomesMaxAgeMs, replicas = 1 }: { ackWaitMs: number; outcomesMaxAgeMs?: number; replicas?: number }): Promise<void> {
  await ensureStream(nc, {
    name: DELIVERY_STREAM,
    num_replicas: replicas,
    subjects: [`${DELIVERY_SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Workqueue,
    // Msg-id de-duplication window: a republished job (resumed fan-out, email, chunk) inside it is dropped.
    duplicate_window: nanos(10 * MINUTE),
  });
  await ensureEventsStream(nc, replicas);
  await ensureOutcomesStream(nc, outcomesMaxAgeMs, replicas);
  const work = (durable: string, subject: string, maxAckPending: number): [string, Partial<ConsumerConfig> & { durable_name: string }] => [
    DELIVERY_STREAM,
    {
      durable_name: durable,
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ackWaitMs),
      max_deliver: -1,
      max_ack_pending: maxAckPending,
    },
  ];
  // Accepted direct sends, one subject each (`herald.delivery.send.<id>`): decided and written in batches.
  await ensureConsumer(nc, ...work(DELIVERY_SEND_CONSUMER, `${DELIVERY_SEND_SUBJECT_PREFIX}.>`, 10_000));
  await ensureConsumer(nc, ...work(DELIVERY_BROADCAST_CONSUMER, DELIVERY_BROADCAST_SUBJECT, 100));
  await ensureConsumer(nc, ...work(DELIVERY_CHUNK_CONSUMER, DELIVERY_CHUNK_SUBJECT, 1_000));
  // One consumer per outbound medium (email, SMS, web push, chat, mobile push).
  await ensureConsumer(nc, ...work(DELIVERY_EMAIL_CONSUMER, DELIVERY_EMAIL_SUBJECT, 10_000));
  await ensureConsumer(nc, ...work(DELIVERY_SMS_CONSUMER, DELIVERY_SMS_SUBJECT, 10_000));
  await ensureConsumer(nc, ...work(DELIVERY_PUSH_CONSUMER, DELIVERY_PUSH_SUBJECT, 10_000));
  await ensureConsumer(nc, ...work(DELIVERY_CHAT_CONSUMER, DELIVERY_CHAT_SUBJECT, 10_000));
  await ensureConsumer(nc, ...work(DELIVERY_MOBILE_PUSH_CONSUMER, DELIVERY_MOBILE_PUSH_SUBJECT, 10_000));
  // Closing email digests: one job per digest.
  await ensureConsumer(nc, ...work(DELIVERY_DIGEST_CONSUMER, DELIVERY_DIGEST_SUBJECT, 1_000));
  await ensureConsumer(nc, EVENTS_STREAM, {
    durable_name: DELIVERY_RECIPIENT_DELETED_CONSUMER,
    filter_subject: RECIPIENT_DELETED_SUBJECT,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
  });
}
