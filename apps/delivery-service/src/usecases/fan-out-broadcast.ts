import { BroadcastChunkJobSchema, DELIVERY_CHUNK_SUBJECT } from '@herald/contracts';
import type { DeliveryDeps } from './deps';
import { createFinishBroadcast } from './finish-broadcast';

/**
 * Fans a broadcast out: pages recipient ids from the recipient service's stream (resuming after
 * the persisted cursor), reserves a block of notification ids per page, and publishes one chunk
 * job per page (msgID `chunk:<broadcast>:<index>`). The cursor is saved after each publish, so a
 * crashed fan-out resumes where it stopped and a re-published chunk is dropped as a duplicate.
 */
export function createFanOutBroadcast(deps: DeliveryDeps) {
  const finish = createFinishBroadcast(deps);
  return async function fanOutBroadcast(broadcastId: number, working: () => void): Promise<void> {
    const b = await deps.broadcasts.findById(null, broadcastId);
    if (!b || b.status === 'completed') return;
    if (!b.fanout_done) {
      const projectId = BigInt(b.project_id);
      let chunkIndex = b.chunks_published;
      const pages = deps.recipients.streamRecipientIds({ projectId, pageSize: deps.settings.chunkSize, after: b.cursor });
      for await (const page of pages) {
        if (page.recipientIds.length === 0) continue;
        const firstId = await deps.notificationIds.block(page.recipientIds.length);
        await deps.jobs.publish(
          DELIVERY_CHUNK_SUBJECT,
          BroadcastChunkJobSchema,
          { projectId, broadcastId: BigInt(broadcastId), chunkIndex, firstNotificationId: BigInt(firstId), recipientIds: page.recipientIds },
          `chunk:${broadcastId}:${chunkIndex}`,
        );
        const moved = await deps.broadcasts.recordChunkPublished(broadcastId, chunkIndex, page.cursor, page.recipientIds.length, deps.now());
        if (!moved) return; // another delivery of this job is ahead of us
        chunkIndex += 1;
        working();
      }
      await deps.broadcasts.markFanoutDone(broadcastId, deps.now());
    }
    await finish(broadcastId);
  };
}
