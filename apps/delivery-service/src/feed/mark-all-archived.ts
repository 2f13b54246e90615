import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';
import { setStatesInPages } from './set-states-in-pages';

/** The ports this use case works with. */
export interface MarkAllArchivedDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  events: OutcomeEvents;
  now: () => Date;
}

/**
 * Archives the recipient's whole feed (or one tab of it) (`read`: only what was read, or only what
 * was not), emitting notification.archived for each one this call changed before answering;
 * answers how many changed.
 */
export function createMarkAllArchived(deps: MarkAllArchivedDeps) {
  return async (projectId: number, recipientId: string, read: boolean | null, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const ids = await deps.feed.unarchivedIds(projectId, recipientId, read, filter);
    return setStatesInPages(deps, projectId, recipientId, ids, { archived: true });
  };
}
