import { createCreateList } from './create-list';
import { createDeleteList } from './delete-list';
import { createGetList } from './get-list';
import type { ListDeps } from './list-deps';
import { createListLists } from './list-lists';
import { createListRecipientLists } from './list-recipient-lists';
import { createListSelfServiceLists } from './list-self-service-lists';
import { createListSubscribers } from './list-subscribers';
import { createSubscribeToList } from './subscribe-to-list';
import { createUnsubscribeFromList } from './unsubscribe-from-list';
import { createUpdateList } from './update-list';

export type { ListDeps, ListEvents, ListLimits, RecipientPort, SubscriptionsChanged } from './list-deps';
export { createRemoveRecipientSubscriptions } from './remove-recipient-subscriptions';

/** Every list use case, built from its dependencies. */
export function createListUseCases(deps: ListDeps) {
  return {
    createList: createCreateList(deps),
    getList: createGetList(deps),
    listLists: createListLists(deps),
    updateList: createUpdateList(deps),
    deleteList: createDeleteList(deps),
    subscribeToList: createSubscribeToList(deps),
    unsubscribeFromList: createUnsubscribeFromList(deps),
    listSubscribers: createListSubscribers(deps),
    listRecipientLists: createListRecipientLists(deps),
    listSelfServiceLists: createListSelfServiceLists(deps),
  };
}

export type ListUseCases = ReturnType<typeof createListUseCases>;
