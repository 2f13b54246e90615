import { OUTCOMES_DUPLICATE_WINDOW_MS } from '@herald/contracts';
import type { Notification } from '../kernel/notification';
import { toNotification } from '../kernel/store/notification-repository';
import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import { notificationNotFound } from '../sends';
import { flagEvents, stateEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { FeedRepository, StateFlags } from './feed-repository';
import { createSnoozeNotifications, type SnoozeNotificationsDeps } from './snooze-notifications';
import { checkSnoozeUntil } from './snooze-rules';

/** The ports this use case works with. */
export interface UpdateNotificationDeps extends EnsureRecipientExistsDeps, SnoozeNotificationsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/** What one update may set. */
export type NotificationFlags = { read?: boolean; opened?: boolean } & Pick<StateFlags, 'seen' | 'archived'> & {
  /** Snoozes it until then (null: ends its snooze); absent: no change. */
  snoozedUntil?: Date | null;
};

/**
 * Sets read and/or opened on one notification of the recipient's feed (delivered ones only), and
 * emits notification.read / .opened (or the internal .unread / .unopened) for each flag that
 * changed, before answering. A flag the request sets to the value it already has emits nothing new:
 * when it changed within the stream's duplicate window (a retry after a failed answer, whose events
 * may not have gone out), its event is re-emitted under the same id, which the stream drops if it
 * has it. Seen and archived are set after them (archiving marks seen too; notification.seen /
 * .unseen, .archived / .unarchived for each that changed), then the snooze (a
 * snooze unarchives: it comes back later).
 */
export function createUpdateNotification(deps: UpdateNotificationDeps) {
  const snooze = createSnoozeNotifications(deps);
  return async (projectId: number, recipientId: string, id: number, flags: NotificationFlags): Promise<Notification> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const now = deps.now();
    const { seen, archived, snoozedUntil, ...readOpened } = flags;
    if (snoozedUntil) checkSnoozeUntil(snoozedUntil, now);
    const r = await deps.feed.updateFlags(projectId, recipientId, id, readOpened, now);
    if (!r) throw notificationNotFound();
    const states = seen === undefined && archived === undefined ? null : await deps.feed.setStates(projectId, recipientId, [id], { seen, archived }, now);
    const flagged = states?.docs[0] ?? r.doc;
    const doc = snoozedUntil === undefined ? flagged : ((await snooze(projectId, recipientId, [id], snoozedUntil))[0] ?? (await deps.feed.findInFeed(projectId, recipientId, id)) ?? flagged);
    const recent = (at: Date | undefined) => at !== undefined && now.getTime() - at.getTime() < OUTCOMES_DUPLICATE_WINDOW_MS;
    const events = [];
    if (flags.read !== undefined && doc.read === flags.read && (r.changed.read !== undefined || recent(doc.read_changed_at))) {
      events.push(...flagEvents(doc, { read: doc.read }, doc.read_changed_at!.getTime()));
    }
    if (flags.opened !== undefined && doc.opened === flags.opened && (r.changed.opened !== undefined || recent(doc.opened_changed_at))) {
      events.push(...flagEvents(doc, { opened: doc.opened }, doc.opened_changed_at!.getTime()));
    }
    events.push(...stateEvents(doc, states?.stateChanges.get(id) ?? {}, now.getTime()));
    await deps.events.emit(events);
    return toNotification(doc);
  };
}
