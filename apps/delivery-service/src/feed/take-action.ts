import { OUTCOMES_DUPLICATE_WINDOW_MS } from '@herald/contracts';
import { notFound } from '@herald/service-kit';
import type { Notification } from '../kernel/notification';
import { findAction } from '../kernel/notification-actions';
import { actionEvent, type OutcomeEvents } from '../kernel/outcome-events';
import { toNotification } from '../kernel/store/notification-repository';
import { notificationNotFound } from '../sends';
import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';

/** The ports this use case works with. */
export interface TakeActionDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/**
 * Records that the recipient chose one of the notification's `payload.actions` and emits
 * `notification.action` (the webhook), before answering. The same action again records nothing:
 * within the stream's duplicate window its event is re-emitted under the same id (a retry after a
 * failed answer, whose event may not have gone out), which the stream drops; later, nothing is
 * emitted. Another action replaces it.
 */
export function createTakeAction(deps: TakeActionDeps) {
  return async (projectId: number, recipientId: string, id: number, actionId: string): Promise<Notification> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const found = await deps.feed.findInFeed(projectId, recipientId, id);
    if (!found) throw notificationNotFound();
    if (!findAction(found.payload_json, actionId)) throw notFound('action_not_found', 'Action not found');
    const now = deps.now();
    const r = await deps.feed.recordAction(projectId, recipientId, id, actionId, now);
    if (!r) throw notificationNotFound();
    const taken = r.doc.action_taken;
    if (taken?.id === actionId && (r.changed || now.getTime() - taken.at.getTime() < OUTCOMES_DUPLICATE_WINDOW_MS)) await deps.events.emit([actionEvent(r.doc, actionId, taken.at)]);
    return toNotification(r.doc);
  };
}
