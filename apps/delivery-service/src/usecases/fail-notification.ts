import type { EmailOutcome, NotificationStatus } from '../domain/notification';
import type { DeliveryDeps } from './deps';

/**
 * The last allowed delivery of a notification's job failed too (a dependency, such as the
 * preference service, stayed unavailable through every retry): the notification ends `failed`
 * (an email-only one keeps `not_requested`), and an email still waiting for gating ends `failed`
 * (`provider_error`) with the cause. Conditional on `pending` like a normal outcome, so it never
 * overwrites one written by another delivery of the same job.
 */
export function createFailNotification(deps: Pick<DeliveryDeps, 'notifications' | 'now' | 'metrics'>) {
  return async function failNotification(notificationId: number, cause: unknown): Promise<void> {
    const doc = await deps.notifications.findById(null, notificationId);
    if (!doc || !doc.pending) return;
    const error = `Delivery could not be completed after retries: ${String((cause as Error)?.message ?? cause)}`.slice(0, 500);
    const status: NotificationStatus = doc.status === 'enqueued' ? 'failed' : doc.status;
    const email: EmailOutcome = doc.email.status === 'pending' ? { ...doc.email, status: 'failed', reason: 'provider_error', error } : doc.email;
    if (await deps.notifications.completeGating(doc._id, status, email, deps.now())) deps.metrics.notificationsFinal(status);
  };
}
