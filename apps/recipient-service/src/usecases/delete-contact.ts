import { contactNotFound } from '../domain/errors';
import { announcingChange, contactsChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export function createDeleteContact(deps: Pick<RecipientDeps, 'recipients' | 'contacts' | 'events'>) {
  return async function deleteContact(input: { projectId: number; recipientId: string; contactId: number }): Promise<void> {
    await requireRecipient(deps.recipients, input.projectId, input.recipientId);
    const removed = await announcingChange(deps, contactsChange(input.projectId, input.recipientId), () =>
      deps.contacts.remove(input.projectId, input.recipientId, input.contactId),
    );
    if (!removed) throw contactNotFound();
  };
}
