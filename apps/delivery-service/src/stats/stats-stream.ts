import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DELIVERY_STATS_CONSUMER, OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX } from '@herald/contracts';
import { ensureConsumer, type NatsConnection } from '@herald/service-kit';

/**
 * The counters' durable consumer on the outcomes stream (which platform/streams.ts ensures
 * first): every outcome subject, explicit acks, new events only when first created (counting
 * starts when the consumer is made; earlier sends are not counted).
 */
export function ensureStatsConsumer(nc: NatsConnection, ackWaitMs: number): Promise<void> {
  return ensureConsumer(nc, OUTCOMES_STREAM, {
    durable_name: DELIVERY_STATS_CONSUMER,
    filter_subject: `${OUTCOMES_SUBJECT_PREFIX}.>`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: 10_000,
  });
}
