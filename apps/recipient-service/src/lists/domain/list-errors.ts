import { conflict, DomainError, notFound } from '@herald/service-kit';

/** The list errors of the REST contract: machine codes and fixed messages. */
export const listNotFound = () => notFound('list_not_found', 'List not found');
export const listExists = () => conflict('list_exists', 'A list with this key already exists');
export const listLimitReached = (max: number) => conflict('list_limit_reached', `A project holds at most ${max} lists; delete one to create another`);
export const subscriptionLimitReached = (max: number) =>
  conflict('subscription_limit_reached', `A project holds at most ${max} subscriptions; unsubscribe some to subscribe others`);
export const notSelfService = () =>
  new DomainError('forbidden', 'list_not_self_service', 'A recipient token may subscribe and unsubscribe only on lists marked self_service');
