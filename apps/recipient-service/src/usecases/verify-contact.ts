import { contactNotFound } from '../domain/errors';
import type { ContactRecord } from '../store/contact-repository';
import { announcingChange, contactsChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

/** Marks a contact verified now (how it was verified is the caller's business); a verified contact is confirmed too. */
export function createVerifyContact(deps: Pick<RecipientDeps, 'recipients' | 'contacts' | 'events' | 'clock'>) {
  return async function verifyContact(input: { projectId: number; recipientId: string; contactId: number }): Promise<ContactRecord> {
    const { projectId, recipientId, contactId } = input;
    await requireRecipient(deps.recipients, projectId, recipientId);
    const contact = await deps.contacts.findById(projectId, recipientId, contactId);
    if (!contact) throw contactNotFound();
    const now = deps.clock.date();
    const verified = await announcingChange(deps, contactsChange(projectId, recipientId), () =>
      deps.contacts.update(projectId, recipientId, contactId, contact.medium, { verifiedAt: now, awaitingConfirmation: false }, now),
    );
    if (!verified) throw contactNotFound();
    return verified;
  };
}
