import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';
import { createEnsureRecipients } from './ensure-recipients';

/**
 * Returns the recipient, creating it (without a name) when missing: EnsureRecipients for one id,
 * so concurrent calls for the same id create it once (the loser of the insert race reads the
 * winner's recipient) and an id still being erased is finished first.
 */
export function createEnsureRecipient(deps: RecipientDeps) {
  const ensureRecipients = createEnsureRecipients(deps);
  return async function ensureRecipient(input: { projectId: number; id: string }): Promise<{ recipient: RecipientRecord; created: boolean }> {
    const { created } = await ensureRecipients({ projectId: input.projectId, ids: [input.id] });
    const recipient = await deps.recipients.findActive(input.projectId, input.id);
    if (!recipient) throw new Error(`recipient ${input.id} could not be ensured`);
    return { recipient, created: created.length > 0 };
  };
}
