import type { NotificationDoc } from '../kernel/store/notification-repository';
import { outboundEvents, type OutcomeEvent } from '../kernel/outcome-events';
import type { OutcomeRepository } from './outcome-repository';

/** The ports this use case works with. */
export interface ApplySmsStatusDeps {
  outcomes: OutcomeRepository;
  now: () => Date;
}

/**
 * Moves one notification's SMS from `sent` to a final status the provider reported, only when it
 * is `sent` with that provider message id; returns the events of the change (none when nothing
 * changed: already moved, another message, not sent yet).
 */
export async function applySmsStatus(
  deps: ApplySmsStatusDeps,
  doc: NotificationDoc,
  report: { messageSid: string; status: 'delivered' | 'undelivered'; providerStatus: string; errorCode?: string | null },
): Promise<OutcomeEvent[]> {
  if (!doc.sms || doc.sms.status !== 'sent' || doc.sms.message_id !== report.messageSid) return [];
  const now = deps.now();
  const error = report.status === 'undelivered' ? `The provider reported ${report.providerStatus}${report.errorCode ? ` (error ${report.errorCode})` : ''}` : null;
  const after = await deps.outcomes.updateSmsStatus(doc._id, report.messageSid, { ...doc.sms, status: report.status, error }, now);
  return after ? outboundEvents(after, 'sms', now) : [];
}
