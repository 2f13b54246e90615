import { invalid } from '@herald/service-kit';
import type { Notification } from '../kernel/notification';
import { flagEvents, stateEvents, type OutcomeEvents } from '../kernel/outcome-events';
import { toNotification } from '../kernel/store/notification-repository';
import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository, StateFlags } from './feed-repository';
import { createSnoozeNotifications, type SnoozeNotificationsDeps } from './snooze-notifications';
import { checkSnoozeUntil } from './snooze-rules';

/** The most ids one bulk update names. */
export const BULK_UPDATE_MAX = 100;

/** The ports this use case works with. */
export interface UpdateNotificationsDeps extends EnsureRecipientExistsDeps, SnoozeNotificationsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/** One requested id and its notification after the update; null when the recipient has no such delivered notification. */
export interface BulkResult {
  id: number;
  notification: Notification | null;
}

/**
 * Sets read, seen and/or archived on up to 100 notifications of the recipient's feed. An id the
 * recipient does not have (another recipient's, unknown, not delivered) fails alone, answered as
 * not found whatever it is; more ids than allowed change nothing. Emits notification.read /
 * .unread, .seen / .unseen and .archived / .unarchived for each flag that changed; `snoozedUntil` snoozes them (null: ends their snooze), after the flags.
 */
export function createUpdateNotifications(deps: UpdateNotificationsDeps) {
  const snooze = createSnoozeNotifications(deps);
  return async (projectId: number, recipientId: string, ids: number[], flags: StateFlags & { snoozedUntil?: Date | null }): Promise<BulkResult[]> => {
    if (ids.length === 0 || ids.length > BULK_UPDATE_MAX) {
      const message = `ids must name 1 to ${BULK_UPDATE_MAX} notifications`;
      throw invalid(message, [{ message, description: message, property_path: 'ids', invalid_value: ids.length }]);
    }
    const { snoozedUntil, ...states } = flags;
    if (states.read === undefined && states.seen === undefined && states.archived === undefined && snoozedUntil === undefined) {
      const message = 'set at least one of read, seen, archived, snoozed_until';
      throw invalid(message, [{ message, description: message, property_path: '', invalid_value: null }]);
    }
    const now = deps.now();
    if (snoozedUntil) checkSnoozeUntil(snoozedUntil, now);
    await ensureRecipientExists(deps, projectId, recipientId);
    const unique = [...new Set(ids)];
    const { docs, readChanged, stateChanges } = await deps.feed.setStates(projectId, recipientId, unique, states, now);
    await deps.events.emit(
      docs.flatMap((d) => [...(readChanged.has(d._id) ? flagEvents(d, { read: d.read }, now.getTime()) : []), ...stateEvents(d, stateChanges.get(d._id) ?? {}, now.getTime())]),
    );
    const byId = new Map(docs.map((d) => [d._id, toNotification(d)]));
    if (snoozedUntil !== undefined) for (const d of await snooze(projectId, recipientId, unique, snoozedUntil)) byId.set(d._id, toNotification(d));
    return ids.map((id) => ({ id, notification: byId.get(id) ?? null }));
  };
}
