import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX, WEBHOOK_DISPATCH_CONSUMER } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';

/**
 * The webhook fan-out's durable consumer on the outcomes stream (which messaging/streams.ts
 * ensures first): every outcome subject, explicit acks, new events only when first created (an
 * endpoint never receives events from before the dispatcher existed).
 */
export async function ensureWebhookConsumer(nc: NatsConnection, ackWaitMs: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    durable_name: WEBHOOK_DISPATCH_CONSUMER,
    filter_subject: `${OUTCOMES_SUBJECT_PREFIX}.>`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: 10_000,
  };
  try {
    await jsm.consumers.info(OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER);
    await jsm.consumers.update(OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER, { ack_wait: config.ack_wait, max_ack_pending: config.max_ack_pending, max_deliver: config.max_deliver });
  } catch (err) {
    if (!/consumer not found/i.test(String((err as Error).message))) throw err;
    try {
      await jsm.consumers.add(OUTCOMES_STREAM, config);
    } catch (addErr) {
      if (!/already (in use|exists)/i.test(String((addErr as Error).message))) throw addErr;
    }
  }
}
