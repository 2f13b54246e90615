import { assertValid, recipientNotFound } from '../domain/errors';
import { checkRecipientName } from '../domain/recipient-rules';
import type { RecipientRecord } from '../store/recipient-repository';
import { announcingChange, profileChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export interface UpdateRecipientInput {
  projectId: number;
  id: string;
  /** Absent: leave the name as it is; null: clear it. */
  name?: string | null;
}

export function createUpdateRecipient(deps: Pick<RecipientDeps, 'recipients' | 'events' | 'clock'>) {
  return async function updateRecipient(input: UpdateRecipientInput): Promise<RecipientRecord> {
    if (input.name === undefined) return requireRecipient(deps.recipients, input.projectId, input.id);
    assertValid([checkRecipientName(input.name)].filter((v) => v !== null));
    const name = input.name;
    const updated = await announcingChange(deps, profileChange(input.projectId, [input.id]), () => deps.recipients.setName(input.projectId, input.id, name, deps.clock.date()));
    if (!updated) throw recipientNotFound();
    return updated;
  };
}
