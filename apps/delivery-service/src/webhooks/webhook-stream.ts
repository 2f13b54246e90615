import { AckPolicy, DeliverPolicy, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { OUTCOMES_DUPLICATE_WINDOW_MS, OUTCOMES_MAX_AGE_MS, OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX, WEBHOOK_DISPATCH_CONSUMER } from '@herald/contracts';
import { ensureStream, type NatsConnection } from '@herald/service-kit';

/**
 * The outcomes stream (ensured with the publisher's configuration, whichever starts first) and the
 * webhook fan-out's durable consumer on it: every outcome subject, explicit acks, new events only
 * when first created (an endpoint never receives events from before the dispatcher existed).
 */
export async function ensureWebhookConsumer(nc: NatsConnection, ackWaitMs: number): Promise<void> {
  await ensureStream(nc, {
    name: OUTCOMES_STREAM,
    subjects: [`${OUTCOMES_SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    max_age: OUTCOMES_MAX_AGE_MS * 1e6,
    duplicate_window: OUTCOMES_DUPLICATE_WINDOW_MS * 1e6,
  });
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
