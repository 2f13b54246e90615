import type { GetStatsResponse } from '@herald/contracts';
import { formatProtoTimestamp, formatTimestamp } from '../shared/timestamps';
import { STATS_MEDIUMS, STATS_OUTCOMES } from './schemas';

type Medium = (typeof STATS_MEDIUMS)[number];
type Outcome = (typeof STATS_OUTCOMES)[number];
type Counts = Record<Outcome, number>;

const zero = (): Counts => Object.fromEntries(STATS_OUTCOMES.map((o) => [o, 0])) as Counts;
const isMedium = (m: string): m is Medium => (STATS_MEDIUMS as readonly string[]).includes(m);
const isOutcome = (o: string): o is Outcome => (STATS_OUTCOMES as readonly string[]).includes(o);
/** `part` of `whole`, or null when there is no whole. */
const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The answer of GET /stats: each interval's counts (only those kept), the range's totals and the email rates. */
export function statsView(res: GetStatsResponse, range: { interval: string; to: Date }) {
  const totals = Object.fromEntries(STATS_MEDIUMS.map((m) => [m, zero()])) as Record<Medium, Counts>;
  const intervals = res.intervals.map((i) => {
    const sends: Partial<Record<Medium, Partial<Counts>>> = {};
    for (const c of i.counts) {
      if (!isMedium(c.medium) || !isOutcome(c.outcome)) continue;
      const n = Number(c.count);
      (sends[c.medium] ??= {})[c.outcome] = n;
      totals[c.medium][c.outcome] += n;
    }
    return { start: formatProtoTimestamp(i.start) ?? '', sends };
  });
  const { email, webhook } = totals;
  const emailsAttempted = email.delivered + email.failed;
  return {
    interval: range.interval,
    from: intervals[0]?.start ?? formatTimestamp(range.to),
    to: formatTimestamp(range.to),
    intervals,
    totals,
    rates: {
      email_bounce: rate(email.bounced, emailsAttempted),
      email_failure: rate(email.failed, emailsAttempted),
      webhook_failure: rate(webhook.failed, webhook.delivered + webhook.failed),
    },
    due_timers: Number(res.dueTimers),
  };
}
