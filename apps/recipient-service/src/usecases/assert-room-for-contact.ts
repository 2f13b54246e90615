import { MAX_CONTACTS_PER_MEDIUM } from '../domain/contact-rules';
import { tooManyContacts } from '../domain/errors';
import type { RecipientDeps } from './deps';

/** Refuses a new contact when the recipient already holds the most its medium allows. */
export async function assertRoomForContact(deps: Pick<RecipientDeps, 'contacts'>, projectId: number, recipientId: string, medium: string): Promise<void> {
  if ((await deps.contacts.countOf(projectId, recipientId, medium)) >= MAX_CONTACTS_PER_MEDIUM) throw tooManyContacts(medium, MAX_CONTACTS_PER_MEDIUM);
}
