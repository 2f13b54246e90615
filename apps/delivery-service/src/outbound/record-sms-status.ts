import { DomainError } from '@herald/service-kit';
import { smsFinalStatus } from './sms/sms-provider';
import { smsReportId } from './sms-report-repository';
import { applySmsStatus, type ApplySmsStatusDeps } from './apply-sms-status';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { NotificationRepository } from '../kernel/store/notification-repository';
import type { SmsCallbackLinks } from './callback-token';
import type { SmsReportRepository } from './sms-report-repository';

export interface SmsStatusReport {
  /** The token of the callback URL. */
  token: string;
  /** The provider's message id. */
  messageSid: string;
  /** The provider's status (MessageStatus). */
  status: string;
  errorCode?: string;
}

/** The ports this use case works with. */
export interface RecordSmsStatusDeps extends ApplySmsStatusDeps {
  events: OutcomeEvents;
  notifications: NotificationRepository;
  now: () => Date;
  smsCallbacks?: SmsCallbackLinks;
  smsReports: SmsReportRepository;
}

/**
 * An SMS provider's status callback: the token names the notification (a forged or
 * foreign one is refused: not found, 404 at the gateway); a final status moves its SMS outcome from
 * `sent` to `delivered` or `undelivered` (with the provider's error code), only when the provider's
 * message id is the one recorded, and the `sms.delivered` / `sms.undelivered` event follows. A
 * final status that arrives before `sent` is written is kept (outbound/sms-report-repository.ts) and
 * applied by whichever of the sender and this callback comes second. An intermediate status
 * (queued, sent), a repeat or a late callback changes nothing. Returns whether the outcome changed.
 */
export function createRecordSmsStatus(deps: RecordSmsStatusDeps) {
  return async function recordSmsStatus(report: SmsStatusReport): Promise<boolean> {
    const claim = deps.smsCallbacks?.tokens.verify(report.token) ?? null;
    if (!claim) throw new DomainError('not_found', 'callback_token_invalid', 'This status callback URL is not valid');
    const status = smsFinalStatus(report.status);
    if (!status || !report.messageSid) return false;
    const read = () => deps.notifications.findById(claim.projectId, claim.notificationId);
    let doc = await read();
    if (!doc?.sms) return false;
    if (doc.sms.status === 'pending') {
      // The provider was faster than the sender's write: kept, then looked at again.
      await deps.smsReports.record({ _id: smsReportId(doc._id, report.messageSid), notification_id: doc._id, message_sid: report.messageSid, status, provider_status: report.status, error_code: report.errorCode ?? null, at: deps.now() });
      doc = await read();
      if (!doc?.sms) return false;
    }
    const events = await applySmsStatus(deps, doc, { messageSid: report.messageSid, status, providerStatus: report.status, errorCode: report.errorCode });
    if (events.length === 0) return false;
    await deps.events.emit(events);
    return true;
  };
}
