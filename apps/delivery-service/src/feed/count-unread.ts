import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';

/** The ports this use case works with. */
export interface CountUnreadDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
}

export function createCountUnread(deps: CountUnreadDeps) {
  return async (projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.feed.countUnread(projectId, recipientId, filter);
  };
}
