import type { ContactRecord } from '../repositories/contact-repository';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

/** A recipient's contacts, oldest first. */
export async function listContacts(
  deps: Pick<RecipientDeps, 'recipients' | 'contacts'>,
  input: { projectId: number; recipientId: string },
): Promise<ContactRecord[]> {
  await requireRecipient(deps.recipients, input.projectId, input.recipientId);
  return deps.contacts.list(input.projectId, input.recipientId);
}
