import { assertValid, recipientExists } from '../domain/errors';
import { recipientViolations } from '../domain/recipient-rules';
import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';
import { finishDeletion } from './delete-recipient';

export interface CreateRecipientInput {
  projectId: number;
  id: string;
  name: string | null;
}

/** Creates a recipient; the unique index decides a race between two creates of the same id. */
export function createCreateRecipient(deps: RecipientDeps) {
  return async function createRecipient(input: CreateRecipientInput): Promise<RecipientRecord> {
    assertValid(recipientViolations(input));
    for (let attempt = 0; attempt < 3; attempt++) {
      const seq = await deps.sequences.next('recipient');
      const created = await deps.recipients.insert(input.projectId, { id: input.id, name: input.name, seq }, deps.clock.date());
      if (created) return created;
      const existing = await deps.recipients.find(input.projectId, input.id);
      if (existing?.state === 'active') break;
      // The id belongs to a recipient whose erasure stopped half-way: finish it, then create.
      if (existing) await finishDeletion(deps, input.projectId, existing);
    }
    throw recipientExists();
  };
}
