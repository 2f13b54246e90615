import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import { flagEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';

/** The ports this use case works with. */
export interface MarkAllReadDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/** Notifications marked read and emitted per round (bounds memory for a recipient with a large unread backlog). */
const PAGE = 1000;

/**
 * Marks every unread delivered notification of the recipient (of the tab, given one) read, and emits notification.read for
 * each one this call changed (one change time for the call), before answering.
 */
export function createMarkAllRead(deps: MarkAllReadDeps) {
  return async (projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const now = deps.now();
    const ids = await deps.feed.unreadIds(projectId, recipientId, filter);
    let updated = 0;
    for (let i = 0; i < ids.length; i += PAGE) {
      const changed = await deps.feed.markRead(ids.slice(i, i + PAGE), now);
      updated += changed.length;
      await deps.events.emit(changed.flatMap((d) => flagEvents(d, { read: true }, now.getTime())));
    }
    return updated;
  };
}
