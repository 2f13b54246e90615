import { MAX_CONTACTS_PER_MEDIUM } from '../domain/contact-rules';
import { tooManyContacts } from '../domain/errors';
import type { RecipientDeps } from './deps';

/** Refuses a new contact when the recipient already holds the most its medium allows. */
export async function assertRoomForContact(deps: Pick<RecipientDeps, 'contacts'>, projectId: number, recipientId: string, medium: string): Promise<void> {
  if ((await deps.contacts.countOf(projectId, recipientId, medium)) >= MAX_CONTACTS_PER_MEDIUM) throw tooManyContacts(medium, MAX_CONTACTS_PER_MEDIUM);
}

/**
 * Checks a just-inserted contact against the cap again, without a transaction: adds racing for the
 * last place each passed `assertRoomForContact`, so each counts after its own insert and one that
 * finds its medium over the cap removes its contact and is refused. Every insert's count follows
 * its own write, so of two racing adds at least one sees both: the recipient never keeps more than
 * the cap (both may be refused; the caller can try again).
 */
export async function keepWithinRoomForContact(deps: Pick<RecipientDeps, 'contacts'>, projectId: number, recipientId: string, contact: { id: number; medium: string }): Promise<void> {
  if ((await deps.contacts.countOf(projectId, recipientId, contact.medium)) <= MAX_CONTACTS_PER_MEDIUM) return;
  await deps.contacts.remove(projectId, recipientId, contact.id);
  throw tooManyContacts(contact.medium, MAX_CONTACTS_PER_MEDIUM);
}
