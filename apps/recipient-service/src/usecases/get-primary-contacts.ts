import { assertValid } from '../domain/errors';
import { checkMedium } from '../domain/contact-rules';
import type { ContactRecord } from '../store/contact-repository';
import type { RecipientDeps } from './deps';

/** Primary contacts of one medium for many recipients in one query; recipients without one are absent. */
export function createGetPrimaryContacts(deps: Pick<RecipientDeps, 'contacts'>) {
  return async function getPrimaryContacts(input: { projectId: number; recipientIds: string[]; medium: string }): Promise<ContactRecord[]> {
    assertValid([checkMedium(input.medium)].filter((v) => v !== null));
    return deps.contacts.primariesOf(input.projectId, [...new Set(input.recipientIds)], input.medium);
  };
}
