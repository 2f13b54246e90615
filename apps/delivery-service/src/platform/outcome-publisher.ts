import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { outcomeSubject, OutcomeEventSchema } from '@herald/contracts';
import { traceHeaders, type NatsConnection } from '@herald/service-kit';
import { toPbBroadcast, toPbNotification } from '../kernel/wire-views';
import type { OutcomeEvent, OutcomeEvents } from '../kernel/outcome-events';
import { publishAllInWindows } from '../kernel/publish-each';

/**
 * The OutcomeEvents port on JetStream (stream HERALD_OUTCOMES): each event is published with its id
 * as msgID (a re-emission inside the duplicate window is dropped) and the active trace context in
 * its headers. A batch goes out concurrently (one round trip of latency, not one per event), encoded
 * 100 at a time with the event loop free between (kernel/publish-each.ts);
 * `emit` resolves once the stream acknowledged every event and throws if any publish failed (the
 * caller's job is then retried and re-emits from the stored state).
 */
export function createOutcomePublisher(nc: NatsConnection): OutcomeEvents {
  const js = jetstream(nc);
  return {
    async emit(events: OutcomeEvent[]): Promise<void> {
      if (events.length === 0) return;
      await publishAllInWindows(events, (e) => {
        const payload = toBinary(
          OutcomeEventSchema,
          create(OutcomeEventSchema, {
            id: e.id,
            type: e.type,
            timestamp: timestampFromDate(e.at),
            projectId: BigInt(e.projectId),
            recipientId: e.recipientId ?? '',
            // Slim: no payload; the readers that show one fill it in (it never changes).
            notification: e.notification ? toPbNotification(e.notification, { omitPayload: true }) : undefined,
            payloadOmitted: e.notification !== undefined && e.notification.status !== 'not_requested',
            payloadBytes: e.notification?.payloadJson ? Buffer.byteLength(e.notification.payloadJson) : 0,
            broadcast: e.broadcast ? toPbBroadcast(e.broadcast) : undefined,
            removedDevice: e.removedDevice ? { id: BigInt(e.removedDevice.id), platform: e.removedDevice.platform } : undefined,
          }),
        );
        return js.publish(outcomeSubject(e.projectId, e.recipientId, e.type), payload, { msgID: e.id, timeout: 10_000, headers: traceHeaders() });
      });
    },
  };
}
