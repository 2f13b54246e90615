import { timestampDate } from '@bufbuild/protobuf/wkt';
import { toPbNotification } from '../kernel/wire-views';
import type { DeliveryHandlers } from '../platform';
import type { createCountUnread } from './count-unread';
import type { createListFeed } from './list-feed';
import type { createListActivity } from './list-activity';
import type { createMarkAllRead } from './mark-all-read';
import type { createUpdateNotification } from './update-notification';

/** The feed's handlers: a recipient's notifications, their unread count and read flags. */
export function feedRoutes(uc: {
  listFeed: ReturnType<typeof createListFeed>;
  listActivity: ReturnType<typeof createListActivity>;
  countUnread: ReturnType<typeof createCountUnread>;
  updateNotification: ReturnType<typeof createUpdateNotification>;
  markAllRead: ReturnType<typeof createMarkAllRead>;
}): DeliveryHandlers<'listFeed' | 'listActivity' | 'unreadCount' | 'updateNotification' | 'markAllRead'> {
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
    async listActivity(req) {
      const page = await uc.listActivity({
        projectId: Number(req.projectId),
        limit: req.limit,
        cursor: req.cursor,
        recipientId: req.recipientId,
        channel: req.channel,
        topic: req.topic,
        event: req.event,
        status: req.status,
        medium: req.medium,
        outcome: req.outcome,
        broadcastId: req.broadcastId === undefined ? undefined : Number(req.broadcastId),
        since: req.since ? timestampDate(req.since) : null,
        until: req.until ? timestampDate(req.until) : null,
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
