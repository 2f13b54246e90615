import { checkRecipientId } from '@herald/service-kit';
import { assertValid } from '../domain/errors';
import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';
import { finishDeletion } from './delete-recipient';

/**
 * Returns the recipient, creating it (without a name) when missing. Concurrent calls for the
 * same id create it once: the loser of the insert race reads the winner's recipient.
 */
export function createEnsureRecipient(deps: RecipientDeps) {
  return async function ensureRecipient(input: { projectId: number; id: string }): Promise<{ recipient: RecipientRecord; created: boolean }> {
    assertValid([checkRecipientId(input.id)].filter((v) => v !== null));
    for (let attempt = 0; ; attempt++) {
      const existing = await deps.recipients.find(input.projectId, input.id);
      if (existing?.state === 'active') return { recipient: existing, created: false };
      if (existing && attempt < 3) {
        await finishDeletion(deps, input.projectId, existing);
        continue;
      }
      const seq = await deps.sequences.next('recipient');
      const created = await deps.recipients.insert(input.projectId, { id: input.id, name: null, seq }, deps.now());
      if (created) return { recipient: created, created: true };
      if (attempt >= 3) throw new Error(`recipient ${input.id} could not be ensured`);
    }
  };
}
