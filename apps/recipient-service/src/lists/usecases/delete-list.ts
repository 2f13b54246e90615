import { listNotFound } from '../domain/list-errors';
import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';

/** Subscriptions removed per round trip when a list is deleted. */
const REMOVE_BATCH = 1000;

/**
 * Deletes a list: marks it `deleting` (reads and subscribes answer list_not_found from here on),
 * removes its subscriptions in batches, then the list. A retry of a delete that stopped half-way
 * finishes the job.
 */
export function createDeleteList(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'clock'>) {
  return async function deleteList(input: { projectId: number; key: string }): Promise<void> {
    const list = await deps.lists.markDeleting(input.projectId, input.key, deps.clock.date());
    if (!list) throw listNotFound();
    await finishListDeletion(deps, input.projectId, list);
  };
}

/** The steps after the mark; also run by a create that finds the key still being deleted. */
export async function finishListDeletion(deps: Pick<ListDeps, 'lists' | 'subscriptions'>, projectId: number, list: ListRecord): Promise<void> {
  while ((await deps.subscriptions.removeBatchOfList(projectId, list.listId, REMOVE_BATCH)) > 0);
  await deps.lists.remove(projectId, list.listId);
}
