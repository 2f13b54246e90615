import { LIMITS } from '@herald/contracts';
import { invalid } from '@herald/service-kit';
import type { Notification } from '../kernel/notification';
import { toNotification } from '../kernel/store/notification-repository';
import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { FeedRepository } from './feed-repository';
import type { FeedFilter } from './feed-filter';
import { feedKey } from './feed-order';

export interface FeedPage {
  notifications: Notification[];
  nextCursor: string | null;
}

/** The ports this use case works with. */
export interface ListFeedDeps extends EnsureRecipientExistsDeps {
  feed: FeedRepository;
}

/**
 * A recipient's feed: delivered notifications only (archived ones apart), newest first (a woken one
 * as of its wake: `feedKey`); the cursor is the last key seen (an id for a never-woken one).
 */
export function createListFeed(deps: ListFeedDeps) {
  return async (q: { projectId: number; recipientId: string; limit: number; cursor: string; read: boolean | null; archived?: boolean; filter?: FeedFilter }): Promise<FeedPage> => {
    const limit = q.limit === 0 ? LIMITS.feedPageDefault : q.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.feedPageMax) {
      throw invalid('limit is out of range', [
        { message: `limit must be 1 to ${LIMITS.feedPageMax}`, description: `limit must be 1 to ${LIMITS.feedPageMax}`, property_path: 'limit', invalid_value: q.limit },
      ]);
    }
    if (q.cursor !== '' && !/^[1-9][0-9]{0,15}$/.test(q.cursor)) {
      throw invalid('cursor is invalid', [{ message: 'cursor is invalid', description: 'cursor is invalid', property_path: 'cursor', invalid_value: q.cursor }]);
    }
    await ensureRecipientExists(deps, q.projectId, q.recipientId);
    const docs = await deps.feed.listFeed({
      projectId: q.projectId,
      recipientId: q.recipientId,
      limit: limit + 1,
      beforeId: q.cursor === '' ? null : Number(q.cursor),
      read: q.read,
      archived: q.archived ?? false,
      filter: q.filter,
    });
    const page = docs.slice(0, limit);
    return {
      notifications: page.map(toNotification),
      nextCursor: docs.length > limit ? String(feedKey(page[page.length - 1])) : null,
    };
  };
}
