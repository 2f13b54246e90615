import { Code, ConnectError } from '@connectrpc/connect';
import { notFound } from '@herald/service-kit';
import type { DeliveryDeps } from './deps';

/** Feed operations answer 404 `Recipient not found` for a recipient the recipient service does not know. */
export async function ensureRecipientExists(deps: Pick<DeliveryDeps, 'recipients'>, projectId: number, recipientId: string): Promise<void> {
  try {
    await deps.recipients.getRecipient({ projectId: BigInt(projectId), id: recipientId });
  } catch (err) {
    if (err instanceof ConnectError && err.code === Code.NotFound) throw notFound('recipient_not_found', 'Recipient not found');
    throw err;
  }
}
