import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export function createGetRecipient(deps: Pick<RecipientDeps, 'recipients'>) {
  return async function getRecipient(input: { projectId: number; id: string }): Promise<RecipientRecord> {
    return requireRecipient(deps.recipients, input.projectId, input.id);
  };
}
