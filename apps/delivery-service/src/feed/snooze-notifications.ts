import { createTimerCap } from '../scheduling';
import { snoozedEvent, unsnoozedEvent, type OutcomeEvents } from '../kernel/outcome-events';
import type { DeliverySettings } from '../kernel/settings';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { snoozeTimerId, type TimerRepository } from '../kernel/store/timer-repository';
import { checkSnoozeUntil } from './snooze-rules';
import type { SnoozeRepository } from './snooze-repository';

/** The ports this use case works with. */
export interface SnoozeNotificationsDeps {
  snoozes: SnoozeRepository;
  timers: TimerRepository;
  events: OutcomeEvents;
  settings: Pick<DeliverySettings, 'maxPendingTimers'>;
  now: () => Date;
}

/**
 * Snoozes notifications of the recipient's feed until `until` (null: ends their snooze now), the
 * part of a single or bulk update that asks for it; ids the recipient does not have are left out.
 * Each snooze is a `snooze` timer (the scheduling module fires it: wakeSnoozed), counted toward the
 * project's pending timers (past the cap: `too_many_pending_timers`, nothing changed). The timer
 * is written before the snooze, so a snoozed notification always has one; a snooze it replaces
 * loses its timer (one still firing finds the notification snoozed until another time, and does
 * nothing). Emits notification.snoozed / .unsnoozed for each.
 */
export function createSnoozeNotifications(deps: SnoozeNotificationsDeps) {
  const withinTimerCap = createTimerCap(deps.timers, deps.settings.maxPendingTimers ?? 0, () => deps.now().getTime());
  return async (projectId: number, recipientId: string, ids: number[], until: Date | null): Promise<NotificationDoc[]> => {
    const now = deps.now();
    if (until === null) {
      const docs = await deps.snoozes.unsnooze(projectId, recipientId, ids, now);
      await deps.events.emit(docs.map((d) => unsnoozedEvent(d, now)));
      return docs;
    }
    checkSnoozeUntil(until, now);
    const current = await deps.snoozes.snoozesOf(projectId, recipientId, ids);
    if (current.length === 0) return [];
    for (let i = 0; i < current.length; i++) await withinTimerCap(projectId);
    const dueMs = until.getTime();
    await deps.timers.schedule(current.map((c) => ({ _id: snoozeTimerId(c.id, dueMs), kind: 'snooze', project_id: projectId, ref: c.id, due_ms: dueMs, created_at: now })));
    const docs = await deps.snoozes.snooze(projectId, recipientId, current.map((c) => c.id), until, now);
    const replaced = current.filter((c) => c.until !== null && c.until.getTime() !== dueMs);
    await deps.timers.remove(replaced.map((c) => snoozeTimerId(c.id, c.until!.getTime())));
    await deps.events.emit(docs.map((d) => snoozedEvent(d, until, now)));
    return docs;
  };
}
