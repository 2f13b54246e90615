import { invalid, violation } from '@herald/service-kit';
import { LIMITS } from '@herald/contracts';
import { pageLimit } from '../domain/cursor';
import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';

/**
 * Recipient search: the active recipients whose id, name or a contact address starts with `query`
 * (case as typed), at most `limit`, in id order. Each of the three is one prefix query on its own
 * index (see the repositories), never a scan of the project's recipients.
 */
export function createSearchRecipients(deps: Pick<RecipientDeps, 'recipients' | 'contacts'>) {
  return async function searchRecipients(input: { projectId: number; query: string; limit: number; cursor: string }): Promise<RecipientRecord[]> {
    const limit = pageLimit(input.limit);
    if (input.cursor) throw invalid('A search has no cursor', [violation('cursor', 'a search answers one page: leave cursor out with q', input.cursor)]);
    if (input.query.length > LIMITS.recipientIdMax) throw invalid('Invalid query', [violation('q', `q must be at most ${LIMITS.recipientIdMax} characters`, input.query)]);
    const [byIdOrName, holderIds] = await Promise.all([
      deps.recipients.withIdOrNameStarting(input.projectId, input.query, limit),
      deps.contacts.recipientIdsWithAddressStarting(input.projectId, input.query, limit),
    ]);
    const known = new Set(byIdOrName.map((r) => r.id));
    const holders = (await deps.recipients.findMany(input.projectId, holderIds.filter((id) => !known.has(id)))).filter((r) => r.state === 'active');
    const found = new Map([...byIdOrName, ...holders].map((r) => [r.id, r]));
    return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
  };
}
