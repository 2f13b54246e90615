import type { ListDeps } from './list-deps';

/**
 * Stores a list's subscriber count, counted afresh after every write: a retried call changes
 * nothing and recounts the same; two writes racing may leave a count one write behind until the
 * list's next write. (The project's totals, which the limits are checked against, are kept apart.)
 */
export async function recountSubscribers(deps: Pick<ListDeps, 'lists' | 'subscriptions'>, projectId: number, listId: number): Promise<void> {
  await deps.lists.setSubscriberCount(projectId, listId, await deps.subscriptions.count(projectId, listId));
}
