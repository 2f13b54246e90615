import type { EmailOutcome, NotificationStatus } from '../domain/notification';
import type { NotificationDoc } from '../store/notification-repository';
import type { DeliveryDeps } from './deps';
import { gatedEvents } from './outcome-events';

/**
 * The last allowed delivery of these notifications' jobs failed too (a dependency, such as the
 * preference service, stayed unavailable through every retry): each ends `failed` (an email-only
 * one keeps `not_requested`), and an email still waiting for gating ends `failed`
 * (`provider_error`) with the cause. Conditional on `pending` like a normal outcome, so it never
 * overwrites one written by another delivery of the same job. One read and one write for the batch.
 */
export function createFailNotifications(deps: Pick<DeliveryDeps, 'notifications' | 'now' | 'metrics' | 'events'>) {
  return async function failNotifications(ids: number[], cause: unknown): Promise<void> {
    const found = await deps.notifications.findByIds(ids);
    const docs = found.filter((d) => d.pending);
    // Outcomes written by an earlier delivery: re-emitted from the store (the stream drops repeats).
    const gatedBefore = found.filter((d) => !d.pending);
    if (docs.length === 0) return deps.events.emit(gatedBefore.flatMap((d) => gatedEvents(d)));
    const error = `Delivery could not be completed after retries: ${String((cause as Error)?.message ?? cause)}`.slice(0, 500);
    const outcomes = docs.map((doc) => {
      const status: NotificationStatus = doc.status === 'enqueued' ? 'failed' : doc.status;
      const email: EmailOutcome = doc.email.status === 'pending' ? { ...doc.email, status: 'failed', reason: 'provider_error', error } : doc.email;
      return { id: doc._id, status, email };
    });
    const now = deps.now();
    const applied = await deps.notifications.completeGatingMany(outcomes, now);
    if (applied === outcomes.length) for (const o of outcomes) deps.metrics.notificationsFinal(o.status);
    const written =
      applied === outcomes.length
        ? docs.map((d, i): NotificationDoc => ({ ...d, status: outcomes[i].status, email: outcomes[i].email, pending: false, updated_at: now }))
        : (await deps.notifications.findByIds(docs.map((d) => d._id))).filter((d) => !d.pending);
    await deps.events.emit([...written, ...gatedBefore].flatMap((d) => gatedEvents(d)));
  };
}
