import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { jetstream } from '@nats-io/jetstream';
import {
  BroadcastChunkJobSchema,
  BroadcastJobSchema,
  DELIVERY_BROADCAST_SUBJECT,
  DELIVERY_CHUNK_SUBJECT,
  DELIVERY_DIGEST_SUBJECT,
  DELIVERY_EMAIL_SUBJECT,
  DELIVERY_PUSH_SUBJECT,
  DELIVERY_CHAT_SUBJECT,
  DELIVERY_MOBILE_PUSH_SUBJECT,
  DELIVERY_SMS_SUBJECT,
  deliverySendSubject,
  DigestJobSchema,
  OutboundJobSchema,
} from '@herald/contracts';
import { Code, ConnectError } from '@connectrpc/connect';
import { retryPolicy, traceHeaders, type NatsConnection } from '@herald/service-kit';
import type { OutboundMedium } from '../kernel/outbound';
import type { JobPort } from '../kernel/ports';
import { encodeSend } from './send-job-encoding';

/**
 * The use cases' JobPort on JetStream: protobuf job messages on the delivery subjects; every
 * publish carries a msgID (server-side de-duplication) and the active trace context in its
 * headers (the consumer continues the trace).
 */
/**
 * A send's publish is retried through a broker restart or a leader change (the client buffers while
 * it reconnects; a publish in flight at that moment fails): with its id fixed, a second copy of a
 * send writes nothing. Past about 15 s the send is refused as unavailable (503), never an internal error.
 */
/** Subject and msgID prefix of each outbound medium's jobs. */
export const OUTBOUND_JOBS: Record<OutboundMedium, { subject: string; msgId: string }> = {
  email: { subject: DELIVERY_EMAIL_SUBJECT, msgId: 'email' },
  sms: { subject: DELIVERY_SMS_SUBJECT, msgId: 'sms' },
  web_push: { subject: DELIVERY_PUSH_SUBJECT, msgId: 'push' },
  chat: { subject: DELIVERY_CHAT_SUBJECT, msgId: 'chat' },
  mobile_push: { subject: DELIVERY_MOBILE_PUSH_SUBJECT, msgId: 'mobile_push' },
};

const sendPublish = retryPolicy({ initialDelayMs: 100, maxDelayMs: 2_000, maxAttempts: 10 });

export function createJobPublisher(nc: NatsConnection): JobPort {
  const js = jetstream(nc);
  const publish = async <D extends DescMessage>(subject: string, schema: D, message: MessageInitShape<D>, msgID: string): Promise<void> => {
    await js.publish(subject, toBinary(schema, create(schema, message)), { msgID, timeout: 10_000, headers: traceHeaders() });
  };
  return {
    // No msgID: the id is the notification's own (a second copy writes nothing), and the broker keeps
    // no de-duplication entry per send. Publishes of concurrent sends are pipelined on the connection.
    async send(s, opts = {}) {
      const data = encodeSend(s);
      try {
        await sendPublish.execute(() => js.publish(deliverySendSubject(s.id), data, { timeout: 5_000, headers: traceHeaders(), ...(opts.msgId ? { msgID: opts.msgId } : {}) }));
      } catch (err) {
        throw new ConnectError('The message broker is unavailable; the send was not accepted', Code.Unavailable, undefined, undefined, err);
      }
    },
    outbound: (medium, projectId, id) =>
      publish(OUTBOUND_JOBS[medium].subject, OutboundJobSchema, { projectId: BigInt(projectId), notificationId: BigInt(id) }, `${OUTBOUND_JOBS[medium].msgId}:${id}`),
    broadcast: (projectId, id, publishId = `broadcast:${id}`) =>
      publish(DELIVERY_BROADCAST_SUBJECT, BroadcastJobSchema, { projectId: BigInt(projectId), broadcastId: BigInt(id) }, publishId),
    digest: (projectId, id) => publish(DELIVERY_DIGEST_SUBJECT, DigestJobSchema, { projectId: BigInt(projectId), digestId: BigInt(id) }, `digest:${id}`),
    chunk: (job) => publish(DELIVERY_CHUNK_SUBJECT, BroadcastChunkJobSchema, job, `chunk:${job.broadcastId}:${job.chunkIndex}`),
  };
}
