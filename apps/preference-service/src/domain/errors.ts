import { conflict, DomainError, invalid, notFound, type Violation } from '@herald/service-kit';

/** The preference service's domain errors: machine codes of the REST contract, no transport status. */
export const preferenceNotFound = () => notFound('preference_not_found', 'Catalog entry not found');
export const preferenceExists = () =>
  conflict('preference_exists', 'A catalog entry with this channel, topic, event and medium already exists');
export const preferenceMandatory = () =>
  new DomainError('precondition', 'preference_mandatory', 'This preference is mandatory and cannot be changed');
export const preferenceLimitExceeded = (max: number) =>
  conflict('preference_limit_exceeded', `A recipient has at most ${max} preference rules; change an existing rule instead`);
export const immutableField = (violations: Violation[]) =>
  invalid('The natural key (channel, topic, event, medium) cannot be changed; delete and recreate the entry', violations, 'immutable_field');
export const validationFailed = (violations: Violation[], message = 'Validation failed') => invalid(message, violations);

/** Throws a validation error when any violation was found. */
export function assertValid(violations: Violation[], message?: string): void {
  if (violations.length > 0) throw validationFailed(violations, message);
}
