import { OUTCOMES_DUPLICATE_WINDOW_MS } from '@herald/contracts';
import type { Notification } from '../kernel/notification';
import { toNotification } from '../kernel/store/notification-repository';
import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import { notificationNotFound } from '../sends';
import { flagEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { FeedRepository } from './feed-repository';

/** The ports this use case works with. */
export interface UpdateNotificationDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/**
 * Sets read and/or opened on one notification of the recipient's feed (delivered ones only), and
 * emits notification.read / .opened (or the internal .unread / .unopened) for each flag that
 * changed, before answering. A flag the request sets to the value it already has emits nothing new:
 * when it changed within the stream's duplicate window (a retry after a failed answer, whose events
 * may not have gone out), its event is re-emitted under the same id, which the stream drops if it
 * has it.
 */
export function createUpdateNotification(deps: UpdateNotificationDeps) {
  return async (projectId: number, recipientId: string, id: number, flags: { read?: boolean; opened?: boolean }): Promise<Notification> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const now = deps.now();
    const r = await deps.feed.updateFlags(projectId, recipientId, id, flags, now);
    if (!r) throw notificationNotFound();
    const { doc } = r;
    const recent = (at: Date | undefined) => at !== undefined && now.getTime() - at.getTime() < OUTCOMES_DUPLICATE_WINDOW_MS;
    const events = [];
    if (flags.read !== undefined && doc.read === flags.read && (r.changed.read !== undefined || recent(doc.read_changed_at))) {
      events.push(...flagEvents(doc, { read: doc.read }, doc.read_changed_at!.getTime()));
    }
    if (flags.opened !== undefined && doc.opened === flags.opened && (r.changed.opened !== undefined || recent(doc.opened_changed_at))) {
      events.push(...flagEvents(doc, { opened: doc.opened }, doc.opened_changed_at!.getTime()));
    }
    await deps.events.emit(events);
    return toNotification(doc);
  };
}
