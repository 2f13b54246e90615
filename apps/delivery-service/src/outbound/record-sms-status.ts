import { OUTCOMES_DUPLICATE_WINDOW_MS } from '@herald/contracts';
import { DomainError } from '@herald/service-kit';
import { smsFinalStatus } from './sms/sms-provider';
import { reportedOutcome, type ApplySmsStatusDeps } from './apply-sms-status';
import { outboundEvents, type OutcomeEvents } from '../kernel/outcome-events';
import type { NotificationDoc, NotificationRepository } from '../kernel/store/notification-repository';
import type { CallbackClaim, SmsCallbackLinks } from './callback-token';

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

/** A report with a genuine token and a final status, and where it stands in the batch. */
interface FinalReport {
  index: number;
  claim: CallbackClaim;
  report: SmsStatusReport;
  status: 'delivered' | 'undelivered';
}

const invalidToken = () => new DomainError('not_found', 'callback_token_invalid', 'This status callback URL is not valid');

/**
 * SMS providers' status callbacks, several at once (the gateway gathers those that arrive
 * together). Each token names a notification (a forged or foreign one is refused alone: not
 * found, 404 at the gateway); a final status of the message its SMS was `sent` as is appended as
 * a report (outcome-records.ts), which moves the SMS outcome on to `delivered` or `undelivered`
 * (with the provider's error code), and the `sms.delivered` / `sms.undelivered` event follows. A
 * final status that arrives before `sent` is written is recorded all the same and applied by
 * whichever of the sender and this callback comes second (each writes before it reads, so at
 * least one sees the other; the event's id is the same). An intermediate status (queued, sent), a
 * repeat, another message's or a late callback changes nothing, and an intermediate status costs
 * no store operation at all. A repeat of the report recorded within the stream's duplicate window
 * emits its event again under the same id (the stream drops it): a process stopped between the
 * report's insert and its emit answered the provider with an error, and the provider's retry is
 * what sends the event out.
 *
 * For the batch: one read of the notifications (with their outcome records), one insert of the
 * reports, one read again of those that came early, one emit of the events. Answers per report
 * whether its outcome changed, or its error; a failure of the store fails the whole batch (each
 * provider retries its own callback).
 */
export function createRecordSmsStatuses(deps: RecordSmsStatusDeps) {
  return async function recordSmsStatuses(reports: SmsStatusReport[]): Promise<(boolean | DomainError)[]> {
    const results: (boolean | DomainError)[] = reports.map(() => false);
    const finals: FinalReport[] = [];
    reports.forEach((report, index) => {
      const claim = deps.smsCallbacks?.tokens.verify(report.token) ?? null;
      if (!claim) results[index] = invalidToken();
      const status = smsFinalStatus(report.status);
      if (claim && status && report.messageSid) finals.push({ index, claim, report, status });
    });
    if (finals.length === 0) return results;

    const byId = new Map((await deps.notifications.findByIds([...new Set(finals.map((f) => f.claim.notificationId))])).map((d) => [d._id, d]));
    const now = deps.now();
    /** The notification a report's token names, with its SMS outcome (none for another project's). */
    const named = (f: FinalReport) => {
      const doc = byId.get(f.claim.notificationId);
      return doc?.project_id === f.claim.projectId && doc.sms ? { doc, sms: doc.sms } : undefined;
    };
    const repeated = finals.flatMap((f) => {
      const n = named(f);
      const recent = n !== undefined && now.getTime() - n.doc.updated_at.getTime() < OUTCOMES_DUPLICATE_WINDOW_MS;
      return n?.sms.status === f.status && n.sms.message_id === f.report.messageSid && recent ? [n.doc] : [];
    });
    const applicable = finals.flatMap((f) => {
      const n = named(f);
      // Pending: the provider was faster than the sender's write of `sent`.
      if (!n || (n.sms.status !== 'pending' && (n.sms.status !== 'sent' || n.sms.message_id !== f.report.messageSid))) return [];
      return [{ ...f, doc: n.doc, early: n.sms.status === 'pending', outcome: reportedOutcome(n.sms, { messageSid: f.report.messageSid, status: f.status, providerStatus: f.report.status, errorCode: f.report.errorCode }) }];
    });
    const held = await deps.outcomes.recordSmsReports(applicable.map((a) => ({ doc: a.doc, messageId: a.report.messageSid, outcome: a.outcome, at: now })));
    const recorded = applicable.filter((_, i) => held[i]);
    const early = recorded.filter((a) => a.early);
    const reread = new Map((early.length > 0 ? await deps.notifications.findByIds(early.map((a) => a.doc._id)) : []).map((d) => [d._id, d]));
    const changed = recorded.flatMap((a) => {
      const after: NotificationDoc | undefined = a.early ? reread.get(a.doc._id) : { ...a.doc, sms: a.outcome, updated_at: now };
      if (after?.sms?.status !== a.status || after.sms.message_id !== a.report.messageSid) return [];
      results[a.index] = true;
      return [after];
    });
    await deps.events.emit([...changed.flatMap((d) => outboundEvents(d, 'sms', now)), ...repeated.flatMap((d) => outboundEvents(d, 'sms'))]);
    return results;
  };
}

/** One SMS status callback (recordSmsStatuses of one): whether the outcome changed; a forged or foreign token throws not found. */
export function createRecordSmsStatus(deps: RecordSmsStatusDeps) {
  const recordSmsStatuses = createRecordSmsStatuses(deps);
  return async function recordSmsStatus(report: SmsStatusReport): Promise<boolean> {
    const [result] = await recordSmsStatuses([report]);
    if (result instanceof DomainError) throw result;
    return result;
  };
}
