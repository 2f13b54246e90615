import type { Notification, OutboundOutcome } from '../kernel/notification';
import { OUTBOUND_MEDIUMS, outcomeField, type OutboundMedium } from '../kernel/outbound';
import type { OutcomeRecordDoc } from '../kernel/store/outcome-records';
import { outcomeIn, type TimelineStep } from './timeline-steps';

/** The longest provider answer (error text, message id) an attempt step shows. */
export const ANSWER_MAX_CHARS = 500;

/** A record's attempt count before its change: the last part of its key `<field>:<notification>:<attempts>`. */
const attemptsBefore = (r: OutcomeRecordDoc) => Number(r._id.slice(r._id.lastIndexOf(':') + 1));

/** What an attempt came to: the provider took the message (sent), it is tried again (retried), or it ended (failed). */
const resultOf = (o: OutboundOutcome) => (o.status === 'pending' ? 'retried' : o.status === 'delivered' || o.status === 'undelivered' ? 'sent' : o.status);

const bounded = (text: string | null | undefined) => (text ? text.slice(0, ANSWER_MAX_CHARS) : undefined);

function attemptStep(medium: OutboundMedium, o: OutboundOutcome, at: Date): TimelineStep {
  const status = resultOf(o);
  const sent = status === 'sent';
  const detail = bounded(o.error);
  const messageId = sent ? bounded(o.message_id) : undefined;
  return {
    at,
    kind: 'attempt',
    medium,
    status,
    attempt: o.attempts,
    ...(sent && o.provider ? { provider: o.provider } : {}),
    ...(messageId ? { messageId } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** Whether the outcome ended with an attempt (not pending, not skipped before one). */
const endedByAttempt = (o: OutboundOutcome) => o.attempts > 0 && o.status !== 'pending' && o.status !== 'skipped';

/** Whether the provider's report of the sent message moved the outcome on (its attempt's step shows what it reported). */
const movedOnByReport = (o: OutboundOutcome) => o.status === 'delivered' || o.status === 'undelivered';

/**
 * One step per attempt of each outbound medium, in attempt order. An outcome record whose change
 * made an attempt (its attempt count grew) is one: a retry, or the attempt that ended the message
 * (a provider's report is none). The last attempt comes from the notification's outcome when no
 * record holds it (an outcome written on the notification) or when a report moved it on (an SMS
 * delivered or undelivered). A digest's item has none: its digest step stands for the mail.
 */
export function attemptSteps(n: Notification, records: OutcomeRecordDoc[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const medium of OUTBOUND_MEDIUMS) {
    const outcome = outcomeIn(n, medium);
    if (!outcome || outcome.digest_id) continue;
    const field = outcomeField(medium);
    const byAttempt = new Map<number, TimelineStep>();
    for (const r of records) {
      if (r.field === field && !r.report_of && r.outcome.attempts > attemptsBefore(r)) byAttempt.set(r.outcome.attempts, attemptStep(medium, r.outcome, r.outcome.sent_at ?? r.at));
    }
    if (endedByAttempt(outcome) && (!byAttempt.has(outcome.attempts) || movedOnByReport(outcome))) byAttempt.set(outcome.attempts, attemptStep(medium, outcome, outcome.sent_at ?? n.updatedAt));
    steps.push(...[...byAttempt.entries()].sort(([a], [b]) => a - b).map(([, step]) => step));
  }
  return steps;
}
