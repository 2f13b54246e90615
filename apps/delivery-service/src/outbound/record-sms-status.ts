import { DomainError } from '@herald/service-kit';
import { smsFinalStatus } from './sms/sms-provider';
import { reportedOutcome, type ApplySmsStatusDeps } from './apply-sms-status';
import { outboundEvents, type OutcomeEvents } from '../kernel/outcome-events';
import type { NotificationRepository } from '../kernel/store/notification-repository';
import type { SmsCallbackLinks } from './callback-token';

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
  smsCallbacks?: SmsCallbackLinks;
}

/**
 * An SMS provider's status callback: the token names the notification (a forged or
 * foreign one is refused: not found, 404 at the gateway); a final status of the message its SMS
 * was `sent` as is appended as a report (outcome-records.ts), which moves the SMS outcome on to
 * `delivered` or `undelivered` (with the provider's error code), and the `sms.delivered` /
 * `sms.undelivered` event follows. A final status that arrives before `sent` is written is
 * recorded all the same and applied by whichever of the sender and this callback comes second
 * (each writes before it reads, so at least one sees the other; the event's id is the same). An
 * intermediate status (queued, sent), a repeat, another message's or a late callback changes
 * nothing. Returns whether the outcome changed.
 */
export function createRecordSmsStatus(deps: RecordSmsStatusDeps) {
  return async function recordSmsStatus(report: SmsStatusReport): Promise<boolean> {
    const claim = deps.smsCallbacks?.tokens.verify(report.token) ?? null;
    if (!claim) throw new DomainError('not_found', 'callback_token_invalid', 'This status callback URL is not valid');
    const status = smsFinalStatus(report.status);
    if (!status || !report.messageSid) return false;
    const read = () => deps.notifications.findById(claim.projectId, claim.notificationId);
    const doc = await read();
    const sms = doc?.sms;
    if (!doc || !sms) return false;
    // Pending: the provider was faster than the sender's write of `sent`.
    const early = sms.status === 'pending';
    if (!early && (sms.status !== 'sent' || sms.message_id !== report.messageSid)) return false;
    const now = deps.now();
    const outcome = reportedOutcome(sms, { messageSid: report.messageSid, status, providerStatus: report.status, errorCode: report.errorCode });
    if (!(await deps.outcomes.recordSmsReport(doc, report.messageSid, outcome, now))) return false;
    const after = early ? await read() : { ...doc, sms: outcome, updated_at: now };
    if (after?.sms?.status !== status || after.sms.message_id !== report.messageSid) return false;
    await deps.events.emit(outboundEvents(after, 'sms', now));
    return true;
  };
}
