import { toConnectError } from '@herald/service-kit';
import { toItemError, type DeliveryHandlers } from '../platform';
import type { createCheckUnsubscribeToken } from './check-unsubscribe-token';
import type { createCheckContactConfirmationToken, createSendContactConfirmation } from './contact-confirmation';
import type { createRecordSmsStatus, createRecordSmsStatuses } from './record-sms-status';
import type { createCheckContactCode, createSendContactCode } from './sms-codes';

/** The outbound mediums' handlers: unsubscribe links, SMS status callbacks, web push settings, contact confirmation (links and SMS codes). */
export function outboundRoutes(
  uc: {
    checkUnsubscribeToken: ReturnType<typeof createCheckUnsubscribeToken>;
    recordSmsStatus: ReturnType<typeof createRecordSmsStatus>;
    recordSmsStatuses: ReturnType<typeof createRecordSmsStatuses>;
    sendContactConfirmation: ReturnType<typeof createSendContactConfirmation>;
    checkContactConfirmationToken: ReturnType<typeof createCheckContactConfirmationToken>;
    sendContactCode: ReturnType<typeof createSendContactCode>;
    checkContactCode: ReturnType<typeof createCheckContactCode>;
  },
  push: { vapidPublicKey: string },
): DeliveryHandlers<'checkUnsubscribeToken' | 'recordSmsStatus' | 'recordSmsStatuses' | 'getPushConfig' | 'sendContactConfirmation' | 'checkContactConfirmationToken' | 'checkContactCode'> {
  return {
    async checkUnsubscribeToken(req) {
      const claim = uc.checkUnsubscribeToken(req.token);
      return { projectId: BigInt(claim.projectId), recipientId: claim.recipientId, target: claim.target, medium: 'email' };
    },
    async recordSmsStatus(req) {
      return { changed: await uc.recordSmsStatus({ token: req.token, messageSid: req.messageSid, status: req.status, errorCode: req.errorCode }) };
    },
    /** Each report answered on its own (a forged token: its NotFound); a failure to record fails the call. */
    async recordSmsStatuses(req) {
      const results = await uc.recordSmsStatuses(req.reports.map((r) => ({ token: r.token, messageSid: r.messageSid, status: r.status, errorCode: r.errorCode })));
      return {
        results: results.map((r) =>
          typeof r === 'boolean' ? { result: { case: 'recorded' as const, value: { changed: r } } } : { result: { case: 'error' as const, value: toItemError(toConnectError(r)) } },
        ),
      };
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
