import { contactNotFound } from '../domain/errors';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export async function deleteContact(
  deps: Pick<RecipientDeps, 'recipients' | 'contacts'>,
  input: { projectId: number; recipientId: string; contactId: number },
): Promise<void> {
  await requireRecipient(deps.recipients, input.projectId, input.recipientId);
  const removed = await deps.contacts.remove(input.projectId, input.recipientId, input.contactId);
  if (!removed) throw contactNotFound();
}
