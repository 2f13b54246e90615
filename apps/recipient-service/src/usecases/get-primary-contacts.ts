import { assertValid } from '../domain/errors';
import { checkMedium } from '../domain/contact-rules';
import type { ContactRecord } from '../repositories/contact-repository';
import type { RecipientDeps } from './deps';

/** Primary contacts of one medium for many recipients in one query; recipients without one are absent. */
export async function getPrimaryContacts(
  deps: Pick<RecipientDeps, 'contacts'>,
  input: { projectId: number; recipientIds: string[]; medium: string },
): Promise<ContactRecord[]> {
  assertValid([checkMedium(input.medium)].filter((v) => v !== null));
  return deps.contacts.primariesOf(input.projectId, [...new Set(input.recipientIds)], input.medium);
}
