import { unsnoozedEvent, type OutcomeEvents } from '../kernel/outcome-events';
import type { IdAllocator } from '../kernel/id-allocator';
import type { TimerDoc } from '../kernel/store/timer-repository';
import type { SnoozeRepository } from './snooze-repository';

/** The ports this use case works with. */
export interface WakeSnoozedDeps {
  snoozes: SnoozeRepository;
  /** The feed place of a woken notification is a notification id allocated at its wake. */
  notificationIds: Pick<IdAllocator, 'next'>;
  events: OutcomeEvents;
  now: () => Date;
}

/**
 * A due `snooze` timer: its notification, if still snoozed until the timer's time, comes back to
 * the feed as new (unread, unseen, on top as of now: a notification id allocated now is its place)
 * and notification.unsnoozed announces it (the live stream shows it
 * as a new notification). Idempotent: a repeat finds it awake and changes nothing; the event's id is
 * fixed by the due time, so a re-emit after a crash is dropped by the stream.
 */
export function createWakeSnoozed(deps: WakeSnoozedDeps) {
  return {
    async wake(t: TimerDoc): Promise<void> {
      const due = new Date(t.due_ms);
      const doc = await deps.snoozes.wake(t.project_id, t.ref, due, await deps.notificationIds.next(), deps.now());
      if (doc) await deps.events.emit([unsnoozedEvent(doc, due)]);
    },
  };
}
