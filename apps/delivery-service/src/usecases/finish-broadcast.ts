import { DELIVERY_EMAIL_SUBJECT, EmailJobSchema } from '@herald/contracts';
import { emailSkipped } from '../domain/notification';
import type { DeliveryDeps } from './deps';

/**
 * Completes a broadcast once its fan-out is done and every chunk is written and gated. The email
 * cap is decided here, with every eligible recipient counted: over `max_broadcast_recipients_for_email`
 * no email of the broadcast is sent (each pending one ends skipped `broadcast_limit_exceeded`, the
 * broadcast's email `blocked`); otherwise each pending email is handed to the email sender.
 */
export function createFinishBroadcast(deps: DeliveryDeps) {
  return async function finishBroadcast(broadcastId: number): Promise<void> {
    const b = await deps.broadcasts.findById(null, broadcastId);
    if (!b || b.status === 'completed' || !b.fanout_done) return;
    const progress = await deps.broadcasts.progress(broadcastId);
    if (progress.chunksDone < b.chunks_published) return;
    let email = b.email;
    if (b.email_content) {
      const eligible = progress.eligible;
      if (eligible > b.settings.maxBroadcastRecipientsForEmail) {
        await deps.notifications.setEmailForBroadcast(broadcastId, emailSkipped('broadcast_limit_exceeded'), deps.now());
        email = { status: 'blocked', eligible };
      } else {
        const ids = await deps.notifications.pendingEmailIdsOfBroadcast(broadcastId);
        for (const id of ids) {
          await deps.jobs.publish(DELIVERY_EMAIL_SUBJECT, EmailJobSchema, { projectId: BigInt(b.project_id), notificationId: BigInt(id) }, `email:${id}`);
        }
        email = { status: 'sent', eligible };
      }
    }
    await deps.broadcasts.finish(broadcastId, progress, email, deps.now());
  };
}
