// Bundled on the fly by bench/webhooks.bench.mjs (esbuild): OutcomeEvents encoded with the
// generated contracts, as the delivery service publishes them.
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { NotificationSchema, OutcomeEventSchema, outcomeSubject } from '@herald/contracts';

/** `n` notification.delivered events of one project (ids `<prefix>:<i>`): subject, msgID and bytes. */
export function deliveredEvents(projectId: number, n: number, prefix: string) {
  const now = timestampFromDate(new Date());
  return Array.from({ length: n }, (_, i) => {
    const id = `${prefix}:${i}`;
    const ev = create(OutcomeEventSchema, {
      id,
      type: 'notification.delivered',
      timestamp: now,
      projectId: BigInt(projectId),
      recipientId: `r${i % 1000}`,
      notification: create(NotificationSchema, {
        id: BigInt(1_000_000_000 + i),
        recipientId: `r${i % 1000}`,
        payloadJson: '{"title":"bench"}',
        target: { channel: 'orders', topic: 'shipping', event: 'shipped' },
        createdAt: now,
        updatedAt: now,
        status: 'delivered',
        email: { status: 'not_requested', attempts: 0 },
      }),
    });
    return { id, subject: outcomeSubject(projectId, `r${i % 1000}`, 'notification.delivered'), data: toBinary(OutcomeEventSchema, ev) };
  });
}
