import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';

/** The ports this use case works with. */
export interface MarkAllArchivedDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
  now: () => Date;
}

/** Archives the recipient's whole feed (`read`: only what was read, or only what was not); answers how many changed. */
export function createMarkAllArchived(deps: MarkAllArchivedDeps) {
  return async (projectId: number, recipientId: string, read: boolean | null): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.feed.markAllArchived(projectId, recipientId, read, deps.now());
  };
}
