import { DELIVERY_EMAIL_SUBJECT, EmailJobSchema } from '@herald/contracts';
import type { NotificationStatus } from '../domain/notification';
import { quotaPeriod } from '../domain/quota';
import type { DeliveryDeps } from './deps';
import { gateEmail } from './gate-email';

/**
 * The worker's step for one direct notification: in-app gating (preference, then quota) and email
 * gating, applied in one conditional update (only while `pending`), so a redelivered job has no
 * second effect. An email that passes gating is handed to the email sender on its own subject.
 */
export function createProcessNotification(deps: DeliveryDeps) {
  return async function processNotification(notificationId: number): Promise<void> {
    const doc = await deps.notifications.findById(null, notificationId);
    if (!doc || !doc.pending) return;
    const projectId = BigInt(doc.project_id);
    const now = deps.now();
    let status: NotificationStatus = doc.status;
    if (doc.status === 'enqueued') {
      const enabled = doc.target
        ? (await deps.preferences.resolveBatch({ projectId, target: doc.target, medium: 'in_app', recipientIds: [doc.recipient_id] })).enabled[0]
        : true;
      if (!enabled) status = 'suppressed';
      else {
        const granted = await deps.quota.reserve(doc.project_id, quotaPeriod(now), 1, doc.settings.monthlyQuota);
        status = granted === 1 ? 'delivered' : 'quota_exceeded';
        if (granted !== 1) deps.metrics.quotaRefused('in_app');
      }
    }
    let email = doc.email;
    if (email.status === 'pending') {
      email = (await gateEmail(deps, doc.project_id, doc.target, [doc.recipient_id])).get(doc.recipient_id)!;
      if (email.status === 'pending') {
        // Published before the outcome is written: a crash in between republishes under the same msgID.
        await deps.jobs.publish(DELIVERY_EMAIL_SUBJECT, EmailJobSchema, { projectId, notificationId: BigInt(doc._id) }, `email:${doc._id}`);
      }
    }
    if (await deps.notifications.completeGating(doc._id, status, email, now)) deps.metrics.notificationsFinal(status);
  };
}
