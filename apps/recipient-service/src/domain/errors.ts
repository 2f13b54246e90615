import { conflict, DomainError, invalid, notFound, type Violation } from '@herald/service-kit';

/** The recipient service's domain errors: machine codes and fixed messages of the REST contract. */
export const recipientNotFound = () => notFound('recipient_not_found', 'Recipient not found');
export const recipientExists = () => conflict('recipient_exists', 'Recipient already exists');
export const contactNotFound = () => notFound('contact_not_found', 'Contact not found');
export const contactExists = () => conflict('contact_exists', 'Contact already exists');
export const primaryContactExists = () => conflict('primary_contact_exists', 'A primary contact already exists for this medium');
export const tooManyContacts = (medium: string, max: number) =>
  conflict('too_many_contacts', `A recipient holds at most ${max} ${medium} contacts; delete one to add another`);
export const primaryChangeNeedsOwner = () =>
  conflict('primary_change_needs_owner', 'A verified primary address changes only with its owner\'s approval: set the new address with PUT /recipients/{id}/contacts');
export const smsCountryNotAllowed = (address: string) =>
  invalid('The project may not text this country: its calling code is not in the project\'s sms_country_codes', [
    { message: 'the number\'s country calling code is not allowed for this project', description: 'See the project setting sms_country_codes', property_path: 'address', invalid_value: address },
  ], 'sms_country_not_allowed');
export const deviceNotFound = () => notFound('device_not_found', 'Device not found');
/** A chat contact points the project's bot (or a webhook) at a channel: only the project's server may write one. */
export const chatContactNeedsKey = () =>
  new DomainError('forbidden', 'chat_contact_needs_key', 'A recipient token cannot add or change a chat contact; write it with a project key');
export const validationFailed = (violations: Violation[]) => invalid('Validation failed', violations);

/** Throws a validation error when any violation was found. */
export function assertValid(violations: Violation[]): void {
  if (violations.length > 0) throw validationFailed(violations);
}
