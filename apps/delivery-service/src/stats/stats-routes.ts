import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { DeliveryHandlers } from '../platform';
import type { createGetStats } from './get-stats';
import type { StatsCounts } from './stats-repository';

/** Counts as the wire's list: one entry per medium and outcome counted. */
const countsOf = (counts: StatsCounts) =>
  Object.entries(counts).flatMap(([medium, outcomes]) => Object.entries(outcomes ?? {}).map(([outcome, count]) => ({ medium, outcome, count: BigInt(count ?? 0) })));

/** The overview's handler: sends per interval by medium and outcome, and the due timers. */
export function statsRoutes(getStats: ReturnType<typeof createGetStats>): DeliveryHandlers<'getStats'> {
  return {
    async getStats(req) {
      const stats = await getStats({
        projectId: Number(req.projectId),
        from: req.from ? timestampDate(req.from) : null,
        to: req.to ? timestampDate(req.to) : null,
        interval: req.interval,
      });
      return {
        intervals: stats.intervals.map((i) => ({ start: timestampFromDate(i.start), counts: countsOf(i.counts) })),
        dueTimers: BigInt(stats.dueTimers),
      };
    },
  };
}
