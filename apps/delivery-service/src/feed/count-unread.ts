import { ensureRecipientExists, type EnsureRecipientExistsDeps } from './ensure-recipient-exists';
import type { NotificationRepository } from '../kernel/store/notification-repository';

/** The ports this use case works with. */
export interface CountUnreadDeps extends EnsureRecipientExistsDeps {
  notifications: NotificationRepository;
}

export function createCountUnread(deps: CountUnreadDeps) {
  return async (projectId: number, recipientId: string): Promise<number> => {
    await ensureRecipientExists(deps, projectId, recipientId);
    return deps.notifications.countUnread(projectId, recipientId);
  };
}
