import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';

/** The lists a recipient is subscribed to, in key order; an unknown (or erased) recipient: recipient_not_found. */
export function createListRecipientLists(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'recipients'>) {
  return async function listRecipientLists(input: { projectId: number; recipientId: string }): Promise<ListRecord[]> {
    await deps.recipients.requireRecipient(input.projectId, input.recipientId);
    return deps.lists.findActiveByIds(input.projectId, await deps.subscriptions.listIdsOf(input.projectId, input.recipientId));
  };
}
