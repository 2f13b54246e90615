import type { ContactRecord } from '../store/contact-repository';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

/** A recipient's contacts, oldest first. */
export function createListContacts(deps: Pick<RecipientDeps, 'recipients' | 'contacts'>) {
  return async function listContacts(input: { projectId: number; recipientId: string }): Promise<ContactRecord[]> {
    await requireRecipient(deps.recipients, input.projectId, input.recipientId);
    return deps.contacts.list(input.projectId, input.recipientId);
  };
}
