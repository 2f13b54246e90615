import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';
import { setStatesInPages } from './set-states-in-pages';

/** The ports this use case works with. */
export interface MarkAllSeenDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/**
 * Marks every delivered notification of the recipient (of the tab, given one) seen (the unseen
 * count becomes 0; read flags stay), emitting notification.seen for each one this call changed
 * before answering; answers how many changed.
 */
export function createMarkAllSeen(deps: MarkAllSeenDeps) {
  return async (projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const ids = await deps.feed.unseenIds(projectId, recipientId, filter);
    return setStatesInPages(deps, projectId, recipientId, ids, { seen: true });
  };
}
