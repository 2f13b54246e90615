import type { DeliveryDeps } from './deps';
import { ensureRecipientExists } from './ensure-recipient-exists';

export function createMarkAllRead(deps: Pick<DeliveryDeps, 'notifications' | 'presence' | 'now'>) {
  return async (projectId: number, recipientId: string): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.notifications.markAllRead(projectId, recipientId, deps.now());
  };
}
