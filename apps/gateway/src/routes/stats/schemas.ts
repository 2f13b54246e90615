import { Type } from '@sinclair/typebox';
import { OUTBOUND_MEDIUMS } from '@herald/contracts';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { Nullable, Timestamp } from '../shared/schemas';

/** The mediums counted: the in-app feed, each outbound medium, and webhook attempts (delivered: 2xx; failed: any other answer or none). */
export const STATS_MEDIUMS = ['in_app', ...OUTBOUND_MEDIUMS, 'webhook'] as const;
/** How a send of a medium ended; `bounced` (email: the address refused for good) is also counted as failed. */
export const STATS_OUTCOMES = ['delivered', 'suppressed', 'quota', 'failed', 'bounced'] as const;

/** RFC 3339 (its calendar is checked by the route). */
const RFC3339 = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2})$';
const Time = (description: string) => Type.Optional(Type.String({ pattern: RFC3339, description, examples: ['2026-03-02T09:00:00Z'], ...serviceRules({ format: 'date-time' }) }));

export const StatsQuery = Type.Object({
  from: Time('Start of the range (inclusive; the answer starts at the interval holding it). Default: 60 intervals before `to`'),
  to: Time('End of the range (exclusive). Default: now'),
  interval: Type.Union([Type.Literal('minute'), Type.Literal('hour'), Type.Literal('day')], {
    default: 'minute',
    description: 'The length of each interval. A range spans at most a day by minute, 31 days by hour, 366 days by day.',
  }),
});

const Count = Type.Integer({ minimum: 0 });
/** One medium's counts: every outcome (the totals), or only those with sends (an interval). */
const StatsCounts = Type.Object(Object.fromEntries(STATS_OUTCOMES.map((o) => [o, Count])), { title: 'StatsCounts', additionalProperties: false });
const StatsSomeCounts = Type.Object(Object.fromEntries(STATS_OUTCOMES.map((o) => [o, Type.Optional(Count)])), { title: 'StatsSomeCounts', additionalProperties: false });
const SendCounts = (optional: boolean, title: string) =>
  Type.Object(Object.fromEntries(STATS_MEDIUMS.map((m) => [m, optional ? Type.Optional(StatsSomeCounts) : StatsCounts])), { title, additionalProperties: false });

const Rate = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 1, description }));

export const Stats = Type.Object(
  {
    interval: Type.String(),
    from: Timestamp,
    to: Timestamp,
    intervals: Type.Array(Type.Object({ start: Timestamp, sends: SendCounts(true, 'StatsIntervalSends') }), { description: 'Every interval of the range, oldest first; a medium or outcome without sends is left out' }),
    totals: SendCounts(false, 'StatsTotals'),
    rates: Type.Object({
      email_bounce: Rate('Emails whose address was refused for good, of the emails sent or failed (null: none)'),
      email_failure: Rate('Emails failed, of the emails sent or failed (null: none)'),
      webhook_failure: Rate('Webhook attempts failed, of the attempts made (null: none)'),
    }),
    due_timers: Type.Integer({ minimum: 0, description: 'Timers due now and not fired yet (scheduled sends, escalations, digests), counted up to 100000' }),
  },
  { title: 'Stats' },
);
