import { BroadcastJobSchema, DELIVERY_BROADCAST_SUBJECT, DELIVERY_NOTIFICATION_SUBJECT, NotificationJobSchema } from '@herald/contracts';
import type { DeliveryDeps } from './deps';

/**
 * The outbox sweeper's pass: publishes again the job of every notification still `pending` and
 * every broadcast not completed whose last write is older than `olderThanMs` (the send may have
 * died between its write and its publish; a fan-out job may have been lost, or its broadcast left
 * short of completion). Notifications and `enqueued` broadcasts use the first publish's msgID: if
 * the job is in the stream already, JetStream drops the copy. A stale `fanning_out` broadcast gets
 * a fan-out job with a msgID of its stale state (`broadcast:<id>:resume:<updated_at>`), so each
 * stall is resumed once: the job continues from the persisted cursor (or only finishes), and a
 * fan-out still running elsewhere is harmless (chunk msgIDs and the chunk-count guard).
 */
export function createRepublishPending(deps: Pick<DeliveryDeps, 'notifications' | 'broadcasts' | 'jobs' | 'now'>) {
  return async (olderThanMs: number, batch = 500): Promise<number> => {
    const before = new Date(deps.now().getTime() - olderThanMs);
    let count = 0;
    for (const n of await deps.notifications.findPending(before, batch)) {
      await deps.jobs.publish(DELIVERY_NOTIFICATION_SUBJECT, NotificationJobSchema, { projectId: BigInt(n.project_id), notificationId: BigInt(n._id) }, `notification:${n._id}`);
      count += 1;
    }
    for (const b of await deps.broadcasts.findStale(before, batch)) {
      const msgId = b.status === 'enqueued' ? `broadcast:${b._id}` : `broadcast:${b._id}:resume:${b.updated_at.getTime()}`;
      await deps.jobs.publish(DELIVERY_BROADCAST_SUBJECT, BroadcastJobSchema, { projectId: BigInt(b.project_id), broadcastId: BigInt(b._id) }, msgId);
      count += 1;
    }
    return count;
  };
}
