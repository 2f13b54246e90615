// Lists and their subscriptions: the recipient service's list component (rules, store, use cases, events, RPC handlers).
export { createListRepository, type ListRepository } from './store/list-repository';
export { createSubscriptionRepository, type SubscriptionRepository } from './store/subscription-repository';
export { createProjectTotalsRepository, type ProjectTotalsRepository } from './store/project-totals-repository';
export { createListUseCases, createRemoveRecipientSubscriptions, type ListDeps, type ListLimits, type ListUseCases, type RecipientPort } from './usecases';
export { createListEvents } from './messaging/list-events';
export { listHandlers } from './rpc/list-handlers';
