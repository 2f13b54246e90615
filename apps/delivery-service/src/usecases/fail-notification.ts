import type { EmailOutcome, NotificationStatus } from '../domain/notification';
import type { DeliveryDeps } from './deps';

/**
 * The last allowed delivery of these notifications' jobs failed too (a dependency, such as the
 * preference service, stayed unavailable through every retry): each ends `failed` (an email-only
 * one keeps `not_requested`), and an email still waiting for gating ends `failed`
 * (`provider_error`) with the cause. Conditional on `pending` like a normal outcome, so it never
 * overwrites one written by another delivery of the same job. One read and one write for the batch.
 */
export function createFailNotifications(deps: Pick<DeliveryDeps, 'notifications' | 'now' | 'metrics'>) {
  return async function failNotifications(ids: number[], cause: unknown): Promise<void> {
    const docs = (await deps.notifications.findByIds(ids)).filter((d) => d.pending);
    if (docs.length === 0) return;
    const error = `Delivery could not be completed after retries: ${String((cause as Error)?.message ?? cause)}`.slice(0, 500);
    const outcomes = docs.map((doc) => {
      const status: NotificationStatus = doc.status === 'enqueued' ? 'failed' : doc.status;
      const email: EmailOutcome = doc.email.status === 'pending' ? { ...doc.email, status: 'failed', reason: 'provider_error', error } : doc.email;
      return { id: doc._id, status, email };
    });
    if ((await deps.notifications.completeGatingMany(outcomes, deps.now())) === outcomes.length) {
      for (const o of outcomes) deps.metrics.notificationsFinal(o.status);
    }
  };
}
