import type { DeliveryDeps } from '../delivery-deps';
import { ensureRecipientExists } from './ensure-recipient-exists';

export function createCountUnread(deps: Pick<DeliveryDeps, 'notifications' | 'presence'>) {
  return async (projectId: number, recipientId: string): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.notifications.countUnread(projectId, recipientId);
  };
}
