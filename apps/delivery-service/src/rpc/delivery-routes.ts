import type { ConnectRouter } from '@connectrpc/connect';
import { DeliveryService } from '@herald/contracts';
import type { DeliveryUseCases } from '../usecases';
import { toPbBroadcast, toPbNotification, toSendInput } from './mappers';

/** DeliveryService: each handler maps the request, calls one use case, maps the result. */
export const deliveryRoutes = (uc: DeliveryUseCases) => (router: ConnectRouter) =>
  router.service(DeliveryService, {
    async send(req) {
      const r = await uc.sendNotification(toSendInput(req));
      return {
        notification: r.notification ? toPbNotification(r.notification) : undefined,
        broadcast: r.broadcast ? toPbBroadcast(r.broadcast) : undefined,
      };
    },
    async getNotification(req) {
      return { notification: toPbNotification(await uc.getNotification(Number(req.projectId), Number(req.id))) };
    },
    async getBroadcast(req) {
      return { broadcast: toPbBroadcast(await uc.getBroadcast(Number(req.projectId), Number(req.id))) };
    },
    async listFeed(req) {
      const page = await uc.listFeed({
        projectId: Number(req.projectId),
        recipientId: req.recipientId,
        limit: req.limit,
        cursor: req.cursor,
        read: req.read ?? null,
      });
      return { notifications: page.notifications.map(toPbNotification), nextCursor: page.nextCursor ?? '' };
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
    async checkUnsubscribeToken(req) {
      const claim = uc.checkUnsubscribeToken(req.token);
      return { projectId: BigInt(claim.projectId), recipientId: claim.recipientId, target: claim.target, medium: 'email' };
    },
  });
