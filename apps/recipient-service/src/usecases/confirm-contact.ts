import { invalid } from '@herald/service-kit';
import { contactNotFound } from '../domain/errors';
import { normalizeAddress } from '../domain/contact-rules';
import type { ContactRecord } from '../store/contact-repository';
import { announcingChange, contactsChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

/**
 * Confirms a contact address by its owner (the confirmation link): the contact must still
 * hold the address the link was mailed to, else the link is stale (invalid,
 * `contact_confirmation_stale`). Confirming makes the address used for email and marks the contact
 * verified (kept when it already was). Following the link again changes nothing.
 */
export function createConfirmContact(deps: Pick<RecipientDeps, 'recipients' | 'contacts' | 'events' | 'clock'>) {
  return async function confirmContact(input: { projectId: number; recipientId: string; contactId: number; address: string }): Promise<ContactRecord> {
    const { projectId, recipientId, contactId } = input;
    await requireRecipient(deps.recipients, projectId, recipientId);
    const contact = await deps.contacts.findById(projectId, recipientId, contactId);
    if (!contact) throw contactNotFound();
    const address = normalizeAddress(contact.medium, input.address);
    const stale = () => invalid('This confirmation link is for an address the contact no longer has', [], 'contact_confirmation_stale');
    if (contact.address !== address) throw stale();
    if (!contact.awaitingConfirmation && contact.verifiedAt) return contact;
    const now = deps.clock.date();
    const confirmed = await announcingChange(deps, contactsChange(projectId, recipientId), () =>
      deps.contacts.confirm(projectId, recipientId, contactId, address, contact.verifiedAt ?? now, now),
    );
    if (!confirmed) throw stale();
    return confirmed;
  };
}
