import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';

/** The ports this use case works with. */
export interface CountUnseenDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
}

/** How many of the recipient's feed notifications (not archived; of the tab, given one) the recipient has not seen. */
export function createCountUnseen(deps: CountUnseenDeps) {
  return async (projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.feed.countUnseen(projectId, recipientId, filter);
  };
}
