import type { ListDeps } from './list-deps';
import { recountSubscribers } from './recount-subscribers';

/**
 * Erasure: removes every subscription of a recipient and recounts the lists they were on; each
 * removed subscription of a live list is one `list.unsubscribed` event naming the recipient. Safe
 * to repeat (a repeat finds nothing left and sends nothing).
 */
export function createRemoveRecipientSubscriptions(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'totals' | 'events' | 'clock'>) {
  return async function removeRecipientSubscriptions(projectId: number, recipientId: string): Promise<void> {
    const listIds = await deps.subscriptions.listIdsOf(projectId, recipientId);
    if (listIds.length === 0) return;
    const lists = await deps.lists.findActiveByIds(projectId, listIds);
    await deps.totals.add(projectId, 'subscriptions', -(await deps.subscriptions.removeAllOf(projectId, recipientId)));
    for (const listId of listIds) await recountSubscribers(deps, projectId, listId);
    const at = deps.clock.date();
    for (const list of lists) await deps.events.subscriptionsChanged({ projectId, list: list.key, change: 'unsubscribed', recipientIds: [recipientId], at });
  };
}
