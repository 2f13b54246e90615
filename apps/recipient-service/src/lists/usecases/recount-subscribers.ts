import type { ListDeps } from './list-deps';

/**
 * Stores a list's subscriber count, counted afresh. A recount after every write rather than an
 * `$inc` of what it changed: a retried call changes nothing and recounts the same, and concurrent
 * increments of one document are lost on FerretDB; two writes racing may leave a count one write
 * behind until the list's next write.
 */
export async function recountSubscribers(deps: Pick<ListDeps, 'lists' | 'subscriptions'>, projectId: number, listId: number): Promise<void> {
  await deps.lists.setSubscriberCount(projectId, listId, await deps.subscriptions.count(projectId, listId));
}
