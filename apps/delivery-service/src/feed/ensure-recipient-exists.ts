import type { RecipientPresence } from '../kernel/ports';


/** The ports this use case works with. */
export interface EnsureRecipientExistsDeps {
  presence: RecipientPresence;
}

/** Feed operations answer 404 `Recipient not found` for a recipient the recipient service does not know (confirmations are cached briefly, see recipient-presence.ts). */
export async function ensureRecipientExists(deps: EnsureRecipientExistsDeps, projectId: number, recipientId: string): Promise<void> {
  await deps.presence.require(BigInt(projectId), recipientId);
}
