import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';

/** The ports this use case works with. */
export interface MarkAllArchivedDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  now: () => Date;
}

/** Archives the recipient's whole feed (or one tab of it) (`read`: only what was read, or only what was not); answers how many changed. */
export function createMarkAllArchived(deps: MarkAllArchivedDeps) {
  return async (projectId: number, recipientId: string, read: boolean | null, filter?: FeedFilter): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.feed.markAllArchived(projectId, recipientId, read, deps.now(), filter);
  };
}
