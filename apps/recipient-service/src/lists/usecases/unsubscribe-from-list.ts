import type { IdFailure } from '../domain/subscription-ids';
import { partitionIds } from '../domain/subscription-ids';
import type { ListDeps } from './list-deps';
import { recountSubscribers } from './recount-subscribers';
import { listToChange, type SubscriptionChangeInput } from './subscribe-to-list';

export interface UnsubscribeResult {
  unsubscribed: number;
  /** Ids that were not subscribed. */
  already: number;
  failed: IdFailure[];
}

/**
 * Unsubscribes up to 1,000 recipients from a list; ids not subscribed count as `already`. Unknown
 * recipients are not created. The project's total loses what the delete removed. A `list.unsubscribed`
 * event names the recipients it removed (none when it removed none).
 */
export function createUnsubscribeFromList(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'totals' | 'events' | 'clock'>) {
  return async function unsubscribeFromList(input: SubscriptionChangeInput): Promise<UnsubscribeResult> {
    const list = await listToChange(deps, input);
    const { valid, failed } = partitionIds(input.recipientIds);
    const { removed, deleted } = await deps.subscriptions.removeMany(input.projectId, list.listId, valid);
    await deps.totals.add(input.projectId, 'subscriptions', -deleted);
    if (removed.length > 0) {
      await recountSubscribers(deps, input.projectId, list.listId);
      await deps.events.subscriptionsChanged({ projectId: input.projectId, list: list.key, change: 'unsubscribed', recipientIds: removed, at: deps.clock.date() });
    }
    return { unsubscribed: removed.length, already: valid.length - removed.length, failed };
  };
}
