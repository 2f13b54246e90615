import { listNotFound } from '../domain/list-errors';
import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';

/** Subscriptions removed per round trip when a list is deleted. */
const REMOVE_BATCH = 1000;

type DeletionDeps = Pick<ListDeps, 'lists' | 'subscriptions' | 'totals' | 'events' | 'clock'>;

/**
 * Deletes a list: marks it `deleting` (reads and subscribes answer list_not_found from here on),
 * removes its subscriptions in batches (each batch one `list.unsubscribed` event naming the
 * recipients it removed), then the list; the project's totals lose what each delete removed. A retry
 * of a delete that stopped half-way finishes the job.
 */
export function createDeleteList(deps: DeletionDeps) {
  return async function deleteList(input: { projectId: number; key: string }): Promise<void> {
    const list = await deps.lists.markDeleting(input.projectId, input.key, deps.clock.date());
    if (!list) throw listNotFound();
    await finishListDeletion(deps, input.projectId, list);
  };
}

/** The steps after the mark; also run by a create that finds the key still being deleted. */
export async function finishListDeletion(deps: DeletionDeps, projectId: number, list: ListRecord): Promise<void> {
  for (;;) {
    const { removed, deleted } = await deps.subscriptions.removeBatchOfList(projectId, list.listId, REMOVE_BATCH);
    if (removed.length === 0) break;
    await deps.totals.add(projectId, 'subscriptions', -deleted);
    await deps.events.subscriptionsChanged({ projectId, list: list.key, change: 'unsubscribed', recipientIds: removed, at: deps.clock.date() });
  }
  if (await deps.lists.remove(projectId, list.listId)) await deps.totals.add(projectId, 'lists', -1);
}
