import { readyToBecomePrimary } from '../domain/contact-rules';
import type { ContactRecord } from '../store/contact-repository';
import type { RecipientDeps } from './deps';

/**
 * Makes a pending primary the primary of its medium once it is ready (its own link followed, the
 * current owner's approval given): the old primary is demoted first (it stays a contact), then the
 * pending one takes the primary slot. Answers the contact as it is afterwards.
 */
export async function promotePendingPrimary(deps: Pick<RecipientDeps, 'contacts' | 'clock'>, projectId: number, recipientId: string, contact: ContactRecord): Promise<ContactRecord> {
  if (!readyToBecomePrimary(contact)) return contact;
  const now = deps.clock.date();
  const primary = await deps.contacts.findPrimary(projectId, recipientId, contact.medium);
  if (primary && primary.id !== contact.id) await deps.contacts.update(projectId, recipientId, primary.id, primary.medium, { isPrimary: false }, now);
  const promoted = await deps.contacts.update(projectId, recipientId, contact.id, contact.medium, { isPrimary: true, pendingPrimary: false }, now);
  return promoted ?? contact;
}
