import { BroadcastJobSchema, DELIVERY_BROADCAST_SUBJECT, DELIVERY_NOTIFICATION_SUBJECT, NotificationJobSchema } from '@herald/contracts';
import type { DeliveryDeps } from './deps';

/**
 * The outbox sweeper's pass: publishes again the job of every notification still `pending` and
 * every broadcast still `enqueued` after `olderThanMs` (the send may have died between its write
 * and its publish). Same msgID as the first publish: if the job is in the stream already,
 * JetStream drops the copy; if it was processed meanwhile, the handler finds nothing to do.
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
      if (b.status !== 'enqueued') continue;
      await deps.jobs.publish(DELIVERY_BROADCAST_SUBJECT, BroadcastJobSchema, { projectId: BigInt(b.project_id), broadcastId: BigInt(b._id) }, `broadcast:${b._id}`);
      count += 1;
    }
    return count;
  };
}
