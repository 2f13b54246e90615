import type { DeliveryDeps } from './deps';

/** A recipient was erased: remove the notifications it had when the erasure happened. */
export function createRemoveRecipientNotifications(deps: Pick<DeliveryDeps, 'notifications'>) {
  return (projectId: number, recipientId: string, deletedAt: Date): Promise<number> =>
    deps.notifications.deleteForRecipient(projectId, recipientId, deletedAt);
}
