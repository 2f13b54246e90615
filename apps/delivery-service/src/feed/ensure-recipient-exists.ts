import type { DeliveryDeps } from '../delivery-deps';

/** Feed operations answer 404 `Recipient not found` for a recipient the recipient service does not know (confirmations are cached briefly, see recipient-presence.ts). */
export async function ensureRecipientExists(deps: Pick<DeliveryDeps, 'presence'>, projectId: number, recipientId: string): Promise<void> {
  await deps.presence.require(BigInt(projectId), recipientId);
}
