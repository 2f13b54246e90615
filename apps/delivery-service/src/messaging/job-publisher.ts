import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { jetstream } from '@nats-io/jetstream';
import { traceHeaders, type NatsConnection } from '@herald/service-kit';

/**
 * Publishes protobuf job messages to JetStream; every publish carries a msgID (server-side
 * de-duplication) and the active trace context in its headers (the consumer continues the trace).
 */
export function createJobPublisher(nc: NatsConnection) {
  const js = jetstream(nc);
  return {
    async publish<D extends DescMessage>(subject: string, schema: D, message: MessageInitShape<D>, msgID: string): Promise<void> {
      await js.publish(subject, toBinary(schema, create(schema, message)), { msgID, timeout: 10_000, headers: traceHeaders() });
    },
  };
}

export type JobPublisher = ReturnType<typeof createJobPublisher>;
