import { LIST_LIMITS } from '@herald/contracts';
import { pageLimit } from '../../domain/cursor';
import { decodeListCursor, encodeListCursor } from '../domain/list-cursor';
import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';

export interface SelfServicePage {
  lists: { list: ListRecord; subscribed: boolean }[];
  /** Empty when this is the last page. */
  nextCursor: string;
}

/**
 * The project's self-service lists (those a recipient may follow or leave) in key order, `limit`
 * at a time after an opaque cursor, each saying whether the recipient is subscribed; an unknown
 * (or erased) recipient: recipient_not_found.
 */
export function createListSelfServiceLists(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'recipients'>) {
  return async function listSelfServiceLists(input: { projectId: number; recipientId: string; limit: number; cursor: string }): Promise<SelfServicePage> {
    const limit = pageLimit(input.limit, { fallback: LIST_LIMITS.pageDefault, max: LIST_LIMITS.pageMax });
    const afterKey = decodeListCursor(input.cursor);
    await deps.recipients.requireRecipient(input.projectId, input.recipientId);
    const found = await deps.lists.pageSelfService(input.projectId, afterKey, limit + 1);
    const lists = found.slice(0, limit);
    const subscribed = await deps.subscriptions.listIdsAmong(input.projectId, input.recipientId, lists.map((l) => l.listId));
    return {
      lists: lists.map((list) => ({ list, subscribed: subscribed.has(list.listId) })),
      nextCursor: found.length > limit ? encodeListCursor(lists[lists.length - 1].key) : '',
    };
  };
}
