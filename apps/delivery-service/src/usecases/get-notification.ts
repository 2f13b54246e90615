import { notFound } from '@herald/service-kit';
import type { Notification } from '../domain/notification';
import { toNotification } from '../store/notification-repository';
import type { DeliveryDeps } from './deps';

export const notificationNotFound = () => notFound('notification_not_found', 'Notification not found');

/** One notification of the project, whatever its status (the outcome of a send is read here). */
export function createGetNotification(deps: Pick<DeliveryDeps, 'notifications'>) {
  return async (projectId: number, id: number): Promise<Notification> => {
    const doc = await deps.notifications.findById(projectId, id);
    if (!doc) throw notificationNotFound();
    return toNotification(doc);
  };
}
