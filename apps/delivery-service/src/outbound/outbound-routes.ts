import type { DeliveryHandlers } from '../platform';
import type { createCheckUnsubscribeToken } from './check-unsubscribe-token';
import type { createCheckContactConfirmationToken, createSendContactConfirmation } from './contact-confirmation';
import type { createRecordSmsStatus } from './record-sms-status';
import type { createCheckContactCode, createSendContactCode } from './sms-codes';

/** The outbound mediums' handlers: unsubscribe links, SMS status callbacks, web push settings, contact confirmation (links and SMS codes). */
export function outboundRoutes(
  uc: {
    checkUnsubscribeToken: ReturnType<typeof createCheckUnsubscribeToken>;
    recordSmsStatus: ReturnType<typeof createRecordSmsStatus>;
    sendContactConfirmation: ReturnType<typeof createSendContactConfirmation>;
    checkContactConfirmationToken: ReturnType<typeof createCheckContactConfirmationToken>;
    sendContactCode: ReturnType<typeof createSendContactCode>;
    checkContactCode: ReturnType<typeof createCheckContactCode>;
  },
  push: { vapidPublicKey: string },
): DeliveryHandlers<'checkUnsubscribeToken' | 'recordSmsStatus' | 'getPushConfig' | 'sendContactConfirmation' | 'checkContactConfirmationToken' | 'checkContactCode'> {
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
      if (req.medium === 'sms') {
        await uc.sendContactCode({ projectId: Number(req.projectId), recipientId: req.recipientId, contactId: Number(req.contactId), address: req.address });
        return {};
      }
      const from = req.emailFromAddress ? { address: req.emailFromAddress, name: req.emailFromName ?? null } : undefined;
      await uc.sendContactConfirmation({ projectId: Number(req.projectId), recipientId: req.recipientId, contactId: Number(req.contactId), address: req.address, from, newAddress: req.newAddress });
      return {};
    },
    async checkContactConfirmationToken(req) {
      const claim = uc.checkContactConfirmationToken(req.token);
      return { projectId: BigInt(claim.projectId), recipientId: claim.recipientId, contactId: BigInt(claim.contactId), address: claim.address, approvedBy: claim.approvedBy };
    },
    async checkContactCode(req) {
      return uc.checkContactCode({ projectId: Number(req.projectId), recipientId: req.recipientId, contactId: Number(req.contactId), code: req.code });
    },
  };
}
