import type { EmailOutcome, NotificationStatus } from '../domain/notification';
import { quotaPeriod } from '../domain/quota';
import type { GatingOutcome, NotificationDoc } from '../store/notification-repository';
import { quotaOwner } from '../store/quota-repository';
import type { DeliveryDeps } from './deps';
import { gateEmail } from './gate-email';
import { gatedEvents } from './outcome-events';

/** Groups items by a string key, keeping their order. */
function groupBy<T>(items: T[], keyOf: (t: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

const RESOLVE_MAX = 1000;
const chunksOf = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The worker's step for a batch of direct notifications (one job each): one read of the batch,
 * in-app preferences resolved with one `ResolveBatch` per (project, target), quota units taken
 * with one reservation per (project, month), emails gated in batch (one `ResolveBatch` and one
 * `GetPrimaryContacts` per (project, target)), and every outcome written in one bulk write,
 * each conditional on `pending` (a redelivered job has no second effect). Email jobs are published
 * after the write; an email left `pending` carries `email_wait` until its first outcome, so the
 * outbox sweeper republishes its job if this process dies in between.
 *
 * Quota: one unit per (notification, medium), in the month the notification was created (the
 * same rule as email), so a redelivered job never spends a second unit.
 */
export function createProcessNotifications(deps: DeliveryDeps) {
  return async function processNotifications(ids: number[], opts: { redelivered?: boolean } = {}): Promise<void> {
    const found = await deps.notifications.findByIds(ids);
    const docs = found.filter((d) => d.pending);
    // Gated already (a redelivered job, or a racing delivery): re-emit from the stored state; the
    // events' ids make the stream drop what was emitted before.
    const gatedBefore = found.filter((d) => !d.pending);
    if (docs.length === 0) return deps.events.emit(gatedBefore.flatMap((d) => gatedEvents(d)));
    const status = new Map<number, NotificationStatus>(docs.map((d) => [d._id, d.status]));
    const email = new Map<number, EmailOutcome>(docs.map((d) => [d._id, d.email]));
    const targetKey = (d: NotificationDoc) => `${d.project_id}|${d.target ? JSON.stringify([d.target.channel, d.target.topic, d.target.event]) : ''}`;

    // In-app: preference (one call per project and target), then quota for the enabled ones.
    const inApp = docs.filter((d) => d.status === 'enqueued');
    const enabled: NotificationDoc[] = [];
    await Promise.all(
      groupBy(inApp, targetKey).flatMap((group) =>
        chunksOf(group, RESOLVE_MAX).map(async (part) => {
          const first = part[0];
          if (!first.target) return void enabled.push(...part);
          const r = await deps.preferences.resolveBatch({
            projectId: BigInt(first.project_id),
            target: first.target,
            medium: 'in_app',
            recipientIds: part.map((d) => d.recipient_id),
          });
          part.forEach((d, i) => (r.enabled[i] ? enabled.push(d) : status.set(d._id, 'suppressed')));
        }),
      ),
    );
    const quotaKey = (d: NotificationDoc) => `${d.project_id}|${quotaPeriod(d.created_at)}|${d.settings.monthlyQuota}`;
    await Promise.all(
      groupBy(enabled, quotaKey).map(async (group) => {
        const first = group[0];
        const owners = group.map((d) => quotaOwner(d._id, 'in_app'));
        const granted = await deps.quota.reserve(first.project_id, quotaPeriod(first.created_at), owners, first.settings.monthlyQuota, opts.redelivered);
        group.forEach((d, i) => {
          const ok = granted.has(owners[i]);
          status.set(d._id, ok ? 'delivered' : 'quota_exceeded');
          if (!ok) deps.metrics.quotaRefused('in_app');
        });
      }),
    );

    // Email gating, in batch per project and target.
    const emails = docs.filter((d) => d.email.status === 'pending');
    await Promise.all(
      groupBy(emails, targetKey).flatMap((group) =>
        chunksOf(group, RESOLVE_MAX).map(async (part) => {
          const gated = await gateEmail(deps, part[0].project_id, part[0].target, [...new Set(part.map((d) => d.recipient_id))]);
          for (const d of part) email.set(d._id, gated.get(d.recipient_id)!);
        }),
      ),
    );

    const outcomes: GatingOutcome[] = docs.map((d) => ({ id: d._id, status: status.get(d._id)!, email: email.get(d._id)! }));
    const now = deps.now();
    const applied = await deps.notifications.completeGatingMany(outcomes, now);
    if (applied === outcomes.length) for (const o of outcomes) deps.metrics.notificationsFinal(o.status);
    // Outcome events, from what was written (or, when a racing delivery wrote some, from the store).
    const written =
      applied === outcomes.length
        ? docs.map((d, i): NotificationDoc => ({ ...d, status: outcomes[i].status, email: outcomes[i].email, pending: false, updated_at: now }))
        : (await deps.notifications.findByIds(docs.map((d) => d._id))).filter((d) => !d.pending);
    // Written first, published after (events and email jobs together): a crash in between leaves
    // `email_wait` for the sweeper, and the job unacknowledged, so its redelivery re-emits.
    await Promise.all([
      deps.events.emit([...written, ...gatedBefore].flatMap((d) => gatedEvents(d))),
      ...outcomes
        .filter((o) => o.email.status === 'pending')
        .map((o) => {
          const d = docs.find((x) => x._id === o.id)!;
          return deps.jobs.email(d.project_id, d._id);
        }),
    ]);
  };
}
