import { DomainError } from '@herald/service-kit';
import { smsFinalStatus } from '../sms/sms-provider';
import type { DeliveryDeps } from './deps';
import { outboundEvents } from './outcome-events';

export interface SmsStatusReport {
  /** The token of the callback URL. */
  token: string;
  /** The provider's message id. */
  messageSid: string;
  /** The provider's status (MessageStatus). */
  status: string;
  errorCode?: string;
}

/**
 * An SMS provider's status callback (issue 22): the token names the notification (a forged or
 * foreign one is refused: invalid, 400 at the gateway); a final status moves its SMS outcome from
 * `sent` to `delivered` or `undelivered` (with the provider's error code), only when the provider's
 * message id is the one recorded, and the `sms.delivered` / `sms.undelivered` event follows. An
 * intermediate status (queued, sent), a repeat or a late callback changes nothing. Returns whether
 * the outcome changed.
 */
export function createRecordSmsStatus(deps: Pick<DeliveryDeps, 'smsCallbacks' | 'notifications' | 'events' | 'now'>) {
  return async function recordSmsStatus(report: SmsStatusReport): Promise<boolean> {
    const claim = deps.smsCallbacks?.tokens.verify(report.token) ?? null;
    if (!claim) throw new DomainError('invalid', 'callback_token_invalid', 'This status callback URL is not valid');
    const final = smsFinalStatus(report.status);
    if (!final || !report.messageSid) return false;
    const doc = await deps.notifications.findById(claim.projectId, claim.notificationId);
    if (!doc?.sms || doc.sms.status !== 'sent' || doc.sms.message_id !== report.messageSid) return false;
    const now = deps.now();
    const error = final === 'undelivered' ? `The provider reported ${report.status}${report.errorCode ? ` (error ${report.errorCode})` : ''}` : null;
    const after = await deps.notifications.updateSmsStatus(doc._id, report.messageSid, { ...doc.sms, status: final, error }, now);
    if (!after) return false;
    await deps.events.emit(outboundEvents(after, 'sms', now));
    return true;
  };
}
