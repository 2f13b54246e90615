import { Code, type ConnectRouter } from '@connectrpc/connect';
import { DeliveryService, ErrorInfoSchema } from '@herald/contracts';
import { toConnectError, type Logger } from '@herald/service-kit';
import type { DeliveryUseCases } from '../use-cases';
import type { SendResult } from '../sends';
import { toPbBroadcast, toPbDigest, toPbNotification, toSendInput } from './mappers';

const sendResponse = (r: SendResult) => ({
  notification: r.notification ? toPbNotification(r.notification) : undefined,
  broadcast: r.broadcast ? toPbBroadcast(r.broadcast) : undefined,
});

/** DeliveryService: each handler maps the request, calls one use case, maps the result. */
export const deliveryRoutes = (uc: DeliveryUseCases, logger: Logger, push: { vapidPublicKey: string } = { vapidPublicKey: '' }) => (router: ConnectRouter) =>
  router.service(DeliveryService, {
    async send(req) {
      return sendResponse(await uc.sendNotification(toSendInput(req)));
    },
    /** Each send on its own: an item that fails answers its own error (as `send` would have), the others their sends. */
    async sendMany(req) {
      const settled = await Promise.allSettled(req.sends.map((s) => uc.sendNotification(toSendInput(s))));
      return {
        results: settled.map((r) => {
          if (r.status === 'fulfilled') return { result: { case: 'accepted' as const, value: sendResponse(r.value) } };
          const err = toConnectError(r.reason);
          if (err.code === Code.Internal || err.code === Code.Unknown) logger.error({ err: r.reason }, 'send failed');
          return { result: { case: 'error' as const, value: { code: err.code, message: err.rawMessage, info: err.findDetails(ErrorInfoSchema)[0] } } };
        }),
      };
    },
    async getPayloads(req) {
      const payloads = await uc.getPayloads(Number(req.projectId), req.ids.map(Number));
      return { payloads: [...payloads].map(([id, json]) => ({ id: BigInt(id), payloadJson: json ?? undefined })) };
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
    async cancelNotification(req) {
      return { notification: toPbNotification(await uc.cancelNotification(Number(req.projectId), Number(req.id))) };
    },
    async cancelBroadcast(req) {
      return { broadcast: toPbBroadcast(await uc.cancelBroadcast(Number(req.projectId), Number(req.id))) };
    },
    async getDigest(req) {
      return { digest: toPbDigest(await uc.getDigest(Number(req.projectId), Number(req.id))) };
    },
    async checkUnsubscribeToken(req) {
      const claim = uc.checkUnsubscribeToken(req.token);
      return { projectId: BigInt(claim.projectId), recipientId: claim.recipientId, target: claim.target, medium: 'email' };
    },
    async recordSmsStatus(req) {
      return { changed: await uc.recordSmsStatus({ token: req.token, messageSid: req.messageSid, status: req.status, errorCode: req.errorCode }) };
    },
    getPushConfig() {
      return { vapidPublicKey: push.vapidPublicKey };
    },
    async sendContactConfirmation(req) {
      const from = req.emailFromAddress ? { address: req.emailFromAddress, name: req.emailFromName ?? null } : undefined;
      await uc.sendContactConfirmation({ projectId: Number(req.projectId), recipientId: req.recipientId, contactId: Number(req.contactId), address: req.address, from });
      return {};
    },
    async checkContactConfirmationToken(req) {
      const claim = uc.checkContactConfirmationToken(req.token);
      return { projectId: BigInt(claim.projectId), recipientId: claim.recipientId, contactId: BigInt(claim.contactId), address: claim.address };
    },
  });
