import { invalid } from '@herald/service-kit';
import type { Notification } from '../kernel/notification';
import { flagEvents, type OutcomeEvents } from '../kernel/outcome-events';
import { toNotification } from '../kernel/store/notification-repository';
import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository, StateFlags } from './feed-repository';

/** The most ids one bulk update names. */
export const BULK_UPDATE_MAX = 100;

/** The ports this use case works with. */
export interface UpdateNotificationsDeps extends EnsureRecipientExistsDeps {
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
 * .unread for each read flag that changed.
 */
export function createUpdateNotifications(deps: UpdateNotificationsDeps) {
  return async (projectId: number, recipientId: string, ids: number[], flags: StateFlags): Promise<BulkResult[]> => {
    if (ids.length === 0 || ids.length > BULK_UPDATE_MAX) {
      const message = `ids must name 1 to ${BULK_UPDATE_MAX} notifications`;
      throw invalid(message, [{ message, description: message, property_path: 'ids', invalid_value: ids.length }]);
    }
    if (flags.read === undefined && flags.seen === undefined && flags.archived === undefined) {
      const message = 'set at least one of read, seen, archived';
      throw invalid(message, [{ message, description: message, property_path: '', invalid_value: null }]);
    }
    await ensureRecipientExists(deps, projectId, recipientId);
    const now = deps.now();
    const { docs, readChanged } = await deps.feed.setStates(projectId, recipientId, [...new Set(ids)], flags, now);
    await deps.events.emit(docs.filter((d) => readChanged.has(d._id)).flatMap((d) => flagEvents(d, { read: d.read }, now.getTime())));
    const byId = new Map(docs.map((d) => [d._id, toNotification(d)]));
    return ids.map((id) => ({ id, notification: byId.get(id) ?? null }));
  };
}
