import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX, WEBHOOK_DISPATCH_CONSUMER } from '@herald/contracts';
import { ensureConsumer, type NatsConnection } from '@herald/service-kit';

/**
 * The webhook fan-out's durable consumer on the outcomes stream (which platform/streams.ts
 * ensures first): every outcome subject, explicit acks, new events only when first created (an
 * endpoint never receives events from before the dispatcher existed).
 */
export function ensureWebhookConsumer(nc: NatsConnection, ackWaitMs: number): Promise<void> {
  return ensureConsumer(nc, OUTCOMES_STREAM, {
    durable_name: WEBHOOK_DISPATCH_CONSUMER,
    filter_subject: `${OUTCOMES_SUBJECT_PREFIX}.>`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: 10_000,
  });
}
