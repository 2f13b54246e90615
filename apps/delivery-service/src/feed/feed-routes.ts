import { toPbNotification } from '../kernel/wire-views';
import type { DeliveryHandlers } from '../platform';
import type { createCountUnread } from './count-unread';
import type { createListFeed } from './list-feed';
import type { createMarkAllRead } from './mark-all-read';
import type { createUpdateNotification } from './update-notification';

/** The feed's handlers: a recipient's notifications, their unread count and read flags. */
export function feedRoutes(uc: {
  listFeed: ReturnType<typeof createListFeed>;
  countUnread: ReturnType<typeof createCountUnread>;
  updateNotification: ReturnType<typeof createUpdateNotification>;
  markAllRead: ReturnType<typeof createMarkAllRead>;
}): DeliveryHandlers<'listFeed' | 'unreadCount' | 'updateNotification' | 'markAllRead'> {
  return {
    async listFeed(req) {
      const page = await uc.listFeed({
        projectId: Number(req.projectId),
        recipientId: req.recipientId,
        limit: req.limit,
        cursor: req.cursor,
        read: req.read ?? null,
      });
      return { notifications: page.notifications.map((n) => toPbNotification(n)), nextCursor: page.nextCursor ?? '' };
    },
    async unreadCount(req) {
      return { unreadCount: BigInt(await uc.countUnread(Number(req.projectId), req.recipientId)) };
    },
    async updateNotification(req) {
      const flags = { ...(req.read !== undefined ? { read: req.read } : {}), ...(req.opened !== undefined ? { opened: req.opened } : {}) };
      return { notification: toPbNotification(await uc.updateNotification(Number(req.projectId), req.recipientId, Number(req.id), flags)) };
    },
    async markAllRead(req) {
      return { updated: BigInt(await uc.markAllRead(Number(req.projectId), req.recipientId)) };
    },
  };
}
