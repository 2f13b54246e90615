/** The intervals of the overview: their length, how far one answer may reach, how long their counters are kept. */
export const STATS_INTERVALS = ['minute', 'hour', 'day'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INTERVAL_MS: Record<StatsInterval, number> = { minute: MINUTE, hour: HOUR, day: DAY };
/** The longest range one answer covers (a day of minutes, a month of hours, a year of days). */
export const MAX_RANGE_MS: Record<StatsInterval, number> = { minute: DAY, hour: 31 * DAY, day: 366 * DAY };
/** How long each interval's counters are kept (past its longest range, so "the last week" by hour always has them). */
export const KEPT_MS: Record<StatsInterval, number> = { minute: 2 * DAY, hour: 62 * DAY, day: 732 * DAY };

export const isStatsInterval = (value: string): value is StatsInterval => (STATS_INTERVALS as readonly string[]).includes(value);

/** The start of the interval holding `at` (UTC: days start at midnight UTC). */
export const intervalStart = (interval: StatsInterval, at: Date): Date => new Date(Math.floor(at.getTime() / INTERVAL_MS[interval]) * INTERVAL_MS[interval]);
