import type { RecipientRecord } from '../repositories/recipient-repository';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export async function getRecipient(deps: Pick<RecipientDeps, 'recipients'>, input: { projectId: number; id: string }): Promise<RecipientRecord> {
  return requireRecipient(deps.recipients, input.projectId, input.id);
}
