import { AckPolicy, DeliverPolicy, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX, RECIPIENT_DELETED_SUBJECT } from '@herald/contracts';
import { ensureStream, type NatsConnection } from '@herald/service-kit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The domain events stream, with exactly the recipient service's configuration (its owner), so
 * either service may start first and neither undoes the other's `ensureStream`. Idempotent.
 */
export async function ensureEventsStream(nc: NatsConnection): Promise<void> {
  await ensureStream(nc, {
    name: EVENTS_STREAM,
    subjects: [`${EVENTS_SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    max_age: nanos(7 * DAY_MS),
    duplicate_window: nanos(2 * 60 * 1000),
  });
}

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
