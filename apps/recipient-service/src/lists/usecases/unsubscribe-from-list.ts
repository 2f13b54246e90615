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

/** Unsubscribes up to 1,000 recipients from a list; ids not subscribed count as `already`. Unknown recipients are not created. */
export function createUnsubscribeFromList(deps: Pick<ListDeps, 'lists' | 'subscriptions'>) {
  return async function unsubscribeFromList(input: SubscriptionChangeInput): Promise<UnsubscribeResult> {
    const list = await listToChange(deps, input);
    const { valid, failed } = partitionIds(input.recipientIds);
    const unsubscribed = await deps.subscriptions.removeMany(input.projectId, list.listId, valid);
    if (unsubscribed > 0) await recountSubscribers(deps, input.projectId, list.listId);
    return { unsubscribed, already: valid.length - unsubscribed, failed };
  };
}
