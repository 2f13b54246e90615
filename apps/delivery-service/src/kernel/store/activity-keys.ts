import type { OutboundOutcome, Target } from '../notification';
import { OUTBOUND_MEDIUMS, outcomeField, type OutboundMedium, type OutcomeField } from '../outbound';

/**
 * Top-level copies of the nested fields the activity log filters on (`target.channel`,
 * `email.status`, …), written in the same insert or update as the field they copy. The local store
 * (FerretDB on SQLite as patched) answers only top-level conditions from an index, in order and with
 * a limit; a condition on a dotted path made it read every notification of the project.
 * Documents written before the copies existed lack them (see docs/console.md).
 */
export type OutcomeStatusField = `${OutcomeField}_status`;

export interface ActivityKeys {
  target_channel?: string;
  target_topic?: string;
  target_event?: string;
  email_status?: OutboundOutcome['status'];
  sms_status?: OutboundOutcome['status'];
  push_status?: OutboundOutcome['status'];
  chat_status?: OutboundOutcome['status'];
  mobile_push_status?: OutboundOutcome['status'];
}

/** The top-level field copying a medium's outcome status: `email_status`, `push_status`, … */
export const outcomeStatusField = (medium: OutboundMedium): OutcomeStatusField => `${outcomeField(medium)}_status`;

/** The copies of a target's parts (none for a notification without one). */
export const targetKeys = (target: Target | null): ActivityKeys => (target ? { target_channel: target.channel, target_topic: target.topic, target_event: target.event } : {});

/** A medium's outcome with its status copy, for an insert or a `$set`. */
export const outcomeWithStatus = (medium: OutboundMedium, outcome: OutboundOutcome) => ({ [outcomeField(medium)]: outcome, [outcomeStatusField(medium)]: outcome.status });

/** The status copies of the outcomes a document holds. */
export const outcomeStatusKeys = (outcomes: Partial<Record<OutboundMedium, OutboundOutcome>>): ActivityKeys =>
  Object.fromEntries(OUTBOUND_MEDIUMS.filter((m) => outcomes[m]).map((m) => [outcomeStatusField(m), outcomes[m]!.status]));

/**
 * The ranges every activity read carries on the keys it is ordered by (`created_at`, then the
 * notification id), open or not. They tell the local store (FerretDB on SQLite as patched) the type
 * of every key it orders by, which it must know to read the index in order and stop at the LIMIT:
 * without the range on `created_at` it decodes and sorts every match; without the one on the id it
 * first reads every index entry the filter matches to check their type (a page then costs O(the
 * project's matches): 100 store CPU-ms for an unfiltered page of 500,000 notifications).
 */
export const ANY_CREATED_AT = { $gte: new Date(0) } as const;
export const ANY_ID = { $gte: Number.MIN_SAFE_INTEGER } as const;
