import type { ListDeps } from './list-deps';
import { recountSubscribers } from './recount-subscribers';

/** Erasure: removes every subscription of a recipient and recounts the lists they were on. Safe to repeat. */
export function createRemoveRecipientSubscriptions(deps: Pick<ListDeps, 'lists' | 'subscriptions'>) {
  return async function removeRecipientSubscriptions(projectId: number, recipientId: string): Promise<void> {
    const listIds = await deps.subscriptions.listIdsOf(projectId, recipientId);
    await deps.subscriptions.removeAllOf(projectId, recipientId);
    for (const listId of listIds) await recountSubscribers(deps, projectId, listId);
  };
}
