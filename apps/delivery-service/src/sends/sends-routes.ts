import { Code } from '@connectrpc/connect';
import { toConnectError, toFieldViolation, type Logger } from '@herald/service-kit';
import { toPbBroadcast, toPbNotification } from '../kernel/wire-views';
import { toItemError, type DeliveryHandlers } from '../platform';
import type { createCancelSends } from './cancel-sends';
import type { createGetNotification } from './get-notification';
import type { createGetPayloads } from './get-payloads';
import type { createSendNotification, SendResult } from './send-notification';
import { toSendInput } from './send-request';

const sendResponse = (r: SendResult) => ({
  notification: r.notification ? toPbNotification(r.notification) : undefined,
  broadcast: r.broadcast ? toPbBroadcast(r.broadcast) : undefined,
  failed: (r.failed ?? []).map((f) => ({ id: f.id, batchIndex: f.batchIndex, errors: f.errors.map(toFieldViolation) })),
});

/** The sends' handlers: each maps the request, calls one use case, maps the result. */
export function sendsRoutes(
  uc: {
    sendNotification: ReturnType<typeof createSendNotification>;
    getPayloads: ReturnType<typeof createGetPayloads>;
    getNotification: ReturnType<typeof createGetNotification>;
  } & ReturnType<typeof createCancelSends>,
  logger: Logger,
): DeliveryHandlers<'send' | 'sendMany' | 'getPayloads' | 'getNotification' | 'cancelNotification' | 'cancelBroadcast'> {
  return {
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
          return { result: { case: 'error' as const, value: toItemError(err) } };
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
    async cancelNotification(req) {
      return { notification: toPbNotification(await uc.cancelNotification(Number(req.projectId), Number(req.id))) };
    },
    async cancelBroadcast(req) {
      return { broadcast: toPbBroadcast(await uc.cancelBroadcast(Number(req.projectId), Number(req.id))) };
    },
  };
}
