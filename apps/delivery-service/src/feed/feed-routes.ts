import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { toPbNotification } from '../kernel/wire-views';
import type { DeliveryHandlers } from '../platform';
import type { createCountUnread } from './count-unread';
import type { createCountUnseen } from './count-unseen';
import type { createListFeed } from './list-feed';
import type { createListActivity } from './list-activity';
import type { createMarkAllArchived } from './mark-all-archived';
import type { createMarkAllRead } from './mark-all-read';
import type { createMarkAllSeen } from './mark-all-seen';
import type { createTakeAction } from './take-action';
import type { createUpdateNotification } from './update-notification';
import type { createUpdateNotifications } from './update-notifications';
import type { FeedFilter } from './feed-filter';

/** The tab a request names (its FeedFilter's set fields; none: the whole feed). */
function tabOf(filter: { channel?: string; topic?: string; event?: string } | undefined): FeedFilter {
  return { ...(filter?.channel !== undefined && { channel: filter.channel }), ...(filter?.topic !== undefined && { topic: filter.topic }), ...(filter?.event !== undefined && { event: filter.event }) };
}

/** The snooze a request asks for: until a time, ended (`unsnooze`), or none (undefined). */
function snoozeOf(req: { snoozedUntil?: Timestamp; unsnooze: boolean }): Date | null | undefined {
  return req.snoozedUntil ? timestampDate(req.snoozedUntil) : req.unsnooze ? null : undefined;
}

/** The request's optional flags that are set (protobuf's `optional`: undefined when absent). */
function setFlags<K extends string>(req: Partial<Record<K, boolean>>, keys: K[]): Partial<Record<K, boolean>> {
  return Object.fromEntries(keys.filter((k) => req[k] !== undefined).map((k) => [k, req[k]])) as Partial<Record<K, boolean>>;
}

/** The feed's handlers: a recipient's notifications, their unread and unseen counts, and their flags. */
export function feedRoutes(uc: {
  listFeed: ReturnType<typeof createListFeed>;
  listActivity: ReturnType<typeof createListActivity>;
  countUnread: ReturnType<typeof createCountUnread>;
  countUnseen: ReturnType<typeof createCountUnseen>;
  updateNotification: ReturnType<typeof createUpdateNotification>;
  updateNotifications: ReturnType<typeof createUpdateNotifications>;
  markAllRead: ReturnType<typeof createMarkAllRead>;
  markAllSeen: ReturnType<typeof createMarkAllSeen>;
  markAllArchived: ReturnType<typeof createMarkAllArchived>;
  takeAction: ReturnType<typeof createTakeAction>;
}): DeliveryHandlers<'listFeed' | 'listActivity' | 'unreadCount' | 'updateNotification' | 'updateNotifications' | 'markAllRead' | 'markAllSeen' | 'markAllArchived' | 'takeAction'> {
  return {
    async listFeed(req) {
      const page = await uc.listFeed({
        projectId: Number(req.projectId),
        recipientId: req.recipientId,
        limit: req.limit,
        cursor: req.cursor,
        read: req.read ?? null,
        archived: req.archived ?? false,
        filter: tabOf(req.filter),
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
      const [unread, unseen] = await Promise.all([uc.countUnread(Number(req.projectId), req.recipientId, tabOf(req.filter)), uc.countUnseen(Number(req.projectId), req.recipientId, tabOf(req.filter))]);
      return { unreadCount: BigInt(unread), unseenCount: BigInt(unseen) };
    },
    async updateNotification(req) {
      const flags = setFlags(req, ['read', 'opened', 'seen', 'archived']);
      return { notification: toPbNotification(await uc.updateNotification(Number(req.projectId), req.recipientId, Number(req.id), { ...flags, snoozedUntil: snoozeOf(req) })) };
    },
    async updateNotifications(req) {
      const results = await uc.updateNotifications(Number(req.projectId), req.recipientId, req.ids.map(Number), { ...setFlags(req, ['read', 'seen', 'archived']), snoozedUntil: snoozeOf(req) });
      return { results: results.map((r) => ({ id: BigInt(r.id), notification: r.notification ? toPbNotification(r.notification) : undefined })) };
    },
    async markAllRead(req) {
      return { updated: BigInt(await uc.markAllRead(Number(req.projectId), req.recipientId, tabOf(req.filter))) };
    },
    async markAllSeen(req) {
      return { updated: BigInt(await uc.markAllSeen(Number(req.projectId), req.recipientId, tabOf(req.filter))) };
    },
    async takeAction(req) {
      return { notification: toPbNotification(await uc.takeAction(Number(req.projectId), req.recipientId, Number(req.id), req.actionId)) };
    },
    async markAllArchived(req) {
      return { updated: BigInt(await uc.markAllArchived(Number(req.projectId), req.recipientId, req.read ?? null, tabOf(req.filter))) };
    },
  };
}
