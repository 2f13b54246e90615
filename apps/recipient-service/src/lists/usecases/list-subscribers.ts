import { LIST_LIMITS } from '@herald/contracts';
import { pageLimit } from '../../domain/cursor';
import type { ListDeps } from './list-deps';
import { requireList } from './require-list';

export interface SubscriberPage {
  recipientIds: string[];
  /** Each subscriber's incarnation, same order (null: a subscription stored before it was kept). */
  recipientSeqs: (number | null)[];
  /** The `afterRecipientId` of the next page; empty on the last page. */
  next: string;
}

/**
 * One page of a list's subscriber ids in recipient id order (a stable order: a subscriber added
 * behind the cursor is not seen by this pass, one added ahead of it is), with the incarnations kept
 * on the subscriptions, so a list send needs no recipient lookup.
 */
export function createListSubscribers(deps: Pick<ListDeps, 'lists' | 'subscriptions'>) {
  return async function listSubscribers(input: { projectId: number; key: string; afterRecipientId: string; limit: number }): Promise<SubscriberPage> {
    const limit = pageLimit(input.limit, { fallback: LIST_LIMITS.subscribersPageMax, max: LIST_LIMITS.subscribersPageMax });
    const list = await requireList(deps.lists, input.projectId, input.key);
    const found = await deps.subscriptions.page(input.projectId, list.listId, input.afterRecipientId, limit + 1);
    const page = found.slice(0, limit);
    const recipientIds = page.map((s) => s.recipientId);
    return { recipientIds, recipientSeqs: page.map((s) => s.seq), next: found.length > limit ? recipientIds[recipientIds.length - 1] : '' };
  };
}
