import { conflict, invalid, notFound, type Violation } from '@herald/service-kit';

/** The recipient service's domain errors: machine codes and fixed messages of the REST contract. */
export const recipientNotFound = () => notFound('recipient_not_found', 'Recipient not found');
export const recipientExists = () => conflict('recipient_exists', 'Recipient already exists');
export const contactNotFound = () => notFound('contact_not_found', 'Contact not found');
export const contactExists = () => conflict('contact_exists', 'Contact already exists');
export const primaryContactExists = () => conflict('primary_contact_exists', 'A primary contact already exists for this medium');
export const tooManyContacts = (medium: string, max: number) =>
  conflict('too_many_contacts', `A recipient holds at most ${max} ${medium} contacts; delete one to add another`);
export const deviceNotFound = () => notFound('device_not_found', 'Device not found');
export const validationFailed = (violations: Violation[]) => invalid('Validation failed', violations);

/** Throws a validation error when any violation was found. */
export function assertValid(violations: Violation[]): void {
  if (violations.length > 0) throw validationFailed(violations);
}
