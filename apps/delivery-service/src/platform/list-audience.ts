import { Code, ConnectError } from '@connectrpc/connect';
import { notFound } from '@herald/service-kit';
import type { ListAudience } from '../kernel/ports';
import type { RecipientClient } from './peer-clients';

/**
 * A list's subscribers as the recipient service pages them (ListSubscribers): a list the project
 * does not have (or one being deleted) becomes `list_not_found`, so a send naming it is refused
 * before anything is written, and a fan-out whose list went away ends where it is.
 */
export function recipientListAudience(client: RecipientClient): ListAudience {
  return {
    async page(projectId, list, after, limit) {
      try {
        const res = await client.listSubscribers({ projectId, listKey: list, afterRecipientId: after, limit });
        // A recipient service that keeps no incarnations answers none: each is then looked up.
        const recipientSeqs = res.recipientSeqs.length === res.recipientIds.length ? res.recipientSeqs : res.recipientIds.map(() => 0n);
        return { recipientIds: res.recipientIds, recipientSeqs, next: res.next };
      } catch (err) {
        if (ConnectError.from(err).code === Code.NotFound) throw notFound('list_not_found', `List ${list} not found`);
        throw err;
      }
    },
  };
}
