import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import {
  DELIVERY_BROADCAST_CONSUMER,
  DELIVERY_CHUNK_CONSUMER,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_SEND_CONSUMER,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_STREAM,
  EVENTS_STREAM,
} from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';
import type { ConsumerFigures } from './delivery-metrics';

const DURABLES: [string, string][] = [
  [DELIVERY_STREAM, DELIVERY_SEND_CONSUMER],
  [DELIVERY_STREAM, DELIVERY_BROADCAST_CONSUMER],
  [DELIVERY_STREAM, DELIVERY_CHUNK_CONSUMER],
  [DELIVERY_STREAM, DELIVERY_EMAIL_CONSUMER],
  [EVENTS_STREAM, DELIVERY_RECIPIENT_DELETED_CONSUMER],
];

/** Reads pending, ack-pending and redelivered counts of every durable consumer of the service. */
export function createConsumerFigures(nc: NatsConnection): () => Promise<ConsumerFigures[]> {
  let jsm: Promise<JetStreamManager> | null = null;
  return async () => {
    jsm ??= jetstreamManager(nc).catch((err) => {
      jsm = null;
      throw err;
    });
    const manager = await jsm;
    return Promise.all(
      DURABLES.map(async ([stream, consumer]) => {
        const info = await manager.consumers.info(stream, consumer);
        return { stream, consumer, num_pending: info.num_pending, num_ack_pending: info.num_ack_pending, num_redelivered: info.num_redelivered };
      }),
    );
  };
}
