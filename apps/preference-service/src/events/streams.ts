import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { EVENTS_STREAM, RECIPIENT_DELETED_SUBJECT } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';

/** Creates the durable pull consumer, or brings it to this config (one `filter_subject`: nats-server 2.9). Idempotent. */
export async function ensureRecipientDeletedConsumer(nc: NatsConnection, durable: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    durable_name: durable,
    filter_subject: RECIPIENT_DELETED_SUBJECT,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(30_000),
    max_ack_pending: 1000,
  };
  try {
    await jsm.consumers.info(EVENTS_STREAM, durable);
    await jsm.consumers.update(EVENTS_STREAM, durable, {
      filter_subject: config.filter_subject,
      ack_wait: config.ack_wait,
      max_ack_pending: config.max_ack_pending,
    });
  } catch (err) {
    if (!/consumer not found/i.test(String((err as Error).message))) throw err;
    try {
      await jsm.consumers.add(EVENTS_STREAM, config);
    } catch (addErr) {
      // Another replica created it between our info and add.
      if (!/already (in use|exists)/i.test(String((addErr as Error).message))) throw addErr;
    }
  }
}
