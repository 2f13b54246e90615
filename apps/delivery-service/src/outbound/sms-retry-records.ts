import type { OutboundOutcome } from '../kernel/notification';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import type { OutcomeRecords } from '../kernel/store/outcome-records';

/** An SMS outcome change as the batch computed it (outcome-repository's OutcomeChange). */
interface SmsChange {
  id: number;
  from: { attempts: number };
  outcome: OutboundOutcome;
}

/**
 * The SMS attempts that will be tried again, appended as outcome records for the timeline: SMS
 * outcomes are written on the notification, which keeps only the last attempt. Only retries are
 * appended (one insert for a batch that has any, none for a batch whose messages all ended), keyed
 * like every record by the attempts they start from, so a repeated write adds nothing. They are
 * never followed (SMS is no recorded medium): the notification's SMS outcome stays the stored one.
 */
export function createSmsRetryRecords(records: Pick<OutcomeRecords, 'record'>) {
  return async (changes: SmsChange[], docs: Map<number, NotificationDoc>, claim: string, now: Date): Promise<void> => {
    const retries = changes.filter((c) => c.outcome.status === 'pending' && c.outcome.attempts > c.from.attempts && docs.has(c.id));
    if (retries.length === 0) return;
    await records.record('sms', retries.map((c) => ({ doc: docs.get(c.id)!, fromAttempts: c.from.attempts, outcome: c.outcome })), claim, now);
  };
}
