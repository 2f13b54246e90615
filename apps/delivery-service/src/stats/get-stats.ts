import { invalid } from '@herald/service-kit';
import { INTERVAL_MS, intervalStart, isStatsInterval, MAX_RANGE_MS, type StatsInterval } from './stats-intervals';
import type { StatsCounts, StatsRepository } from './stats-repository';

export interface StatsRequest {
  projectId: number;
  from: Date | null;
  to: Date | null;
  interval: string;
}

export interface Stats {
  interval: StatsInterval;
  /** Every interval of the range, oldest first; one without sends has empty counts. */
  intervals: { start: Date; counts: StatsCounts }[];
  dueTimers: number;
}

/** The ports this use case works with. */
export interface GetStatsDeps {
  stats: Pick<StatsRepository, 'read'>;
  timers: { dueOf(projectId: number, nowMs: number, atMost: number): Promise<number> };
  now: () => Date;
}

/** The due-timer backlog is counted up to this many (a count past it reads "at least"). */
export const DUE_TIMERS_COUNTED = 100_000;

const violation = (property: string, message: string, value: unknown) => invalid(`${property} is invalid`, [{ message, description: message, property_path: property, invalid_value: value }]);

/**
 * A project's sends per interval by medium and outcome, from the counters (one document per
 * interval: the cost follows the range, never the store), and its backlog of due timers. The range
 * starts at the beginning of the interval holding `from` and is bounded (MAX_RANGE_MS); `to`
 * defaults to now, `from` to 60 intervals before `to`.
 */
export function createGetStats(deps: GetStatsDeps) {
  return async (q: StatsRequest): Promise<Stats> => {
    if (!isStatsInterval(q.interval)) throw violation('interval', 'interval must be minute, hour or day', q.interval);
    const interval = q.interval;
    const step = INTERVAL_MS[interval];
    const now = deps.now();
    const to = q.to ?? now;
    const from = q.from ?? new Date(to.getTime() - 60 * step);
    if (from >= to) throw violation('to', 'to must be after from', to.toISOString());
    if (to.getTime() - from.getTime() > MAX_RANGE_MS[interval]) throw violation('from', `a range by ${interval} spans at most ${MAX_RANGE_MS[interval] / step} intervals`, from.toISOString());
    const first = intervalStart(interval, from);
    const [docs, dueTimers] = await Promise.all([deps.stats.read(q.projectId, interval, first, to), deps.timers.dueOf(q.projectId, now.getTime(), DUE_TIMERS_COUNTED)]);
    const byStart = new Map(docs.map((d) => [d.start.getTime(), d.counts]));
    const intervals: Stats['intervals'] = [];
    for (let t = first.getTime(); t < to.getTime(); t += step) intervals.push({ start: new Date(t), counts: byStart.get(t) ?? {} });
    return { interval, intervals, dueTimers };
  };
}
