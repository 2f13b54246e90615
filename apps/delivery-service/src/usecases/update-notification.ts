import type { Notification } from '../domain/notification';
import { toNotification } from '../store/notification-repository';
import type { DeliveryDeps } from './deps';
import { ensureRecipientExists } from './ensure-recipient-exists';
import { notificationNotFound } from './get-notification';

/** Sets read and/or opened on one notification of the recipient's feed (delivered ones only). */
export function createUpdateNotification(deps: Pick<DeliveryDeps, 'notifications' | 'presence' | 'now'>) {
  return async (projectId: number, recipientId: string, id: number, flags: { read?: boolean; opened?: boolean }): Promise<Notification> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    const doc = await deps.notifications.updateFlags(projectId, recipientId, id, flags, deps.now());
    if (!doc) throw notificationNotFound();
    return toNotification(doc);
  };
}
