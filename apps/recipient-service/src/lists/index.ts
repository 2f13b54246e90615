// Lists and their subscriptions: the recipient service's list component (rules, store, use cases, RPC handlers).
export { createListRepository, type ListRepository } from './store/list-repository';
export { createSubscriptionRepository, type SubscriptionRepository } from './store/subscription-repository';
export { createListUseCases, createRemoveRecipientSubscriptions, type ListDeps, type ListLimits, type ListUseCases, type RecipientPort } from './usecases';
export { listHandlers } from './rpc/list-handlers';
