import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';

/** The ports this use case works with. */
export interface MarkAllSeenDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  now: () => Date;
}

/** Marks every delivered notification of the recipient (of the tab, given one) seen (the unseen count becomes 0; read flags stay); answers how many changed. */
export function createMarkAllSeen(deps: MarkAllSeenDeps) {
  return async (projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.feed.markAllSeen(projectId, recipientId, deps.now(), filter);
  };
}
