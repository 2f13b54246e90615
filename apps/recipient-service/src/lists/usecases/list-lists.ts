import { LIST_LIMITS } from '@herald/contracts';
import { pageLimit } from '../../domain/cursor';
import { decodeListCursor, encodeListCursor } from '../domain/list-cursor';
import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';

export interface ListPage {
  lists: ListRecord[];
  /** Empty when this is the last page. */
  nextCursor: string;
}

/** A project's lists in key order, `limit` at a time after an opaque cursor. */
export function createListLists(deps: Pick<ListDeps, 'lists'>) {
  return async function listLists(input: { projectId: number; limit: number; cursor: string }): Promise<ListPage> {
    const limit = pageLimit(input.limit, { fallback: LIST_LIMITS.pageDefault, max: LIST_LIMITS.pageMax });
    const found = await deps.lists.page(input.projectId, decodeListCursor(input.cursor), limit + 1);
    const lists = found.slice(0, limit);
    return { lists, nextCursor: found.length > limit ? encodeListCursor(lists[lists.length - 1].key) : '' };
  };
}
