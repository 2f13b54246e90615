import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { jetstream } from '@nats-io/jetstream';
import {
  BroadcastChunkJobSchema,
  BroadcastJobSchema,
  DELIVERY_BROADCAST_SUBJECT,
  DELIVERY_CHUNK_SUBJECT,
  DELIVERY_EMAIL_SUBJECT,
  DELIVERY_NOTIFICATION_SUBJECT,
  EmailJobSchema,
  NotificationJobSchema,
} from '@herald/contracts';
import { traceHeaders, type NatsConnection } from '@herald/service-kit';
import type { JobPort } from '../usecases/ports';

/**
 * The use cases' JobPort on JetStream: protobuf job messages on the delivery subjects; every
 * publish carries a msgID (server-side de-duplication) and the active trace context in its
 * headers (the consumer continues the trace).
 */
export function createJobPublisher(nc: NatsConnection): JobPort {
  const js = jetstream(nc);
  const publish = async <D extends DescMessage>(subject: string, schema: D, message: MessageInitShape<D>, msgID: string): Promise<void> => {
    await js.publish(subject, toBinary(schema, create(schema, message)), { msgID, timeout: 10_000, headers: traceHeaders() });
  };
  return {
    notification: (projectId, id) =>
      publish(DELIVERY_NOTIFICATION_SUBJECT, NotificationJobSchema, { projectId: BigInt(projectId), notificationId: BigInt(id) }, `notification:${id}`),
    email: (projectId, id) => publish(DELIVERY_EMAIL_SUBJECT, EmailJobSchema, { projectId: BigInt(projectId), notificationId: BigInt(id) }, `email:${id}`),
    broadcast: (projectId, id, publishId = `broadcast:${id}`) =>
      publish(DELIVERY_BROADCAST_SUBJECT, BroadcastJobSchema, { projectId: BigInt(projectId), broadcastId: BigInt(id) }, publishId),
    chunk: (job) => publish(DELIVERY_CHUNK_SUBJECT, BroadcastChunkJobSchema, job, `chunk:${job.broadcastId}:${job.chunkIndex}`),
  };
}
