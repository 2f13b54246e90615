import type { OutboundOutcome } from '../kernel/notification';
import { outboundEvents, type OutcomeEvent } from '../kernel/outcome-events';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import type { OutcomeRepository } from './outcome-repository';

/** The ports this use case works with. */
export interface ApplySmsStatusDeps {
  outcomes: OutcomeRepository;
  now: () => Date;
}

/** A final status an SMS provider reported for one of its messages. */
export interface SmsReport {
  messageSid: string;
  status: 'delivered' | 'undelivered';
  /** The provider's own word for it (`failed`, `undelivered`, `read`, ...). */
  providerStatus: string;
  errorCode?: string | null;
}

/** The SMS outcome a report moves `sms` on to: its status, and for `undelivered` the provider's word and error code. */
export function reportedOutcome(sms: OutboundOutcome, report: SmsReport): OutboundOutcome {
  const error = report.status === 'undelivered' ? `The provider reported ${report.providerStatus}${report.errorCode ? ` (error ${report.errorCode})` : ''}` : null;
  return { ...sms, status: report.status, error };
}

/**
 * The events of the reports recorded for these notifications' SMS, just written `sent` (a provider
 * that called back before `sent` was written: record-sms-status kept its report). One read.
 */
export async function reportedEvents(deps: ApplySmsStatusDeps, sent: NotificationDoc[]): Promise<OutcomeEvent[]> {
  const byId = new Map(sent.filter((d) => d.sms?.status === 'sent' && d.sms.message_id).map((d) => [d._id, d]));
  if (byId.size === 0) return [];
  const reports = await deps.outcomes.smsReportsOf([...byId.values()].map((d) => ({ notificationId: d._id, messageId: d.sms!.message_id! })));
  return reports.flatMap((r) => {
    const d = byId.get(r.notification_id)!;
    return outboundEvents({ ...d, sms: { ...d.sms!, status: r.outcome.status, error: r.outcome.error }, updated_at: r.at }, 'sms', r.at);
  });
}
