import type { DeliveryHandlers } from '../platform';
import type { createCheckUnsubscribeToken } from './check-unsubscribe-token';
import type { createCheckContactConfirmationToken, createSendContactConfirmation } from './contact-confirmation';
import type { createRecordSmsStatus } from './record-sms-status';

/** The outbound mediums' handlers: unsubscribe links, SMS status callbacks, web push settings, contact confirmation. */
export function outboundRoutes(
  uc: {
    checkUnsubscribeToken: ReturnType<typeof createCheckUnsubscribeToken>;
    recordSmsStatus: ReturnType<typeof createRecordSmsStatus>;
    sendContactConfirmation: ReturnType<typeof createSendContactConfirmation>;
    checkContactConfirmationToken: ReturnType<typeof createCheckContactConfirmationToken>;
  },
  push: { vapidPublicKey: string },
): DeliveryHandlers<'checkUnsubscribeToken' | 'recordSmsStatus' | 'getPushConfig' | 'sendContactConfirmation' | 'checkContactConfirmationToken'> {
  return {
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
      await uc.sendContactConfirmation({ projectId: Number(req.projectId), recipientId: req.recipientId, contactId: Number(req.contactId), address: req.address, from, newAddress: req.newAddress });
      return {};
    },
    async checkContactConfirmationToken(req) {
      const claim = uc.checkContactConfirmationToken(req.token);
      return { projectId: BigInt(claim.projectId), recipientId: claim.recipientId, contactId: BigInt(claim.contactId), address: claim.address, approvedBy: claim.approvedBy };
    },
  };
}
