import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import { createExpiryIndex, pruneExpiredBatch } from '../kernel/store/expiry';
import { retryBusy } from '../kernel/store/store-retry';
import { intervalStart, KEPT_MS, STATS_INTERVALS, type StatsInterval } from './stats-intervals';
import type { StatsKey, StatsMedium, StatsOutcome } from './stats-tally';

export type StatsCounts = Partial<Record<StatsMedium, Partial<Record<StatsOutcome, number>>>>;

/** One project's counters of one interval: `counts.email.delivered` and so on. */
export interface StatsDoc {
  /** `<project>:<interval>:<start ms>`. */
  _id: string;
  project_id: number;
  interval: StatsInterval;
  start: Date;
  counts: StatsCounts;
  expires_at: Date;
}

/** A counted event: its project, when it happened and what it adds to. */
export interface CountedEvent {
  projectId: number;
  at: Date;
  keys: StatsKey[];
}

/** The overview's counters: per project, per minute, hour and day, by medium and outcome. */
export function createStatsRepository(db: Db) {
  const col: Collection<StatsDoc> = db.collection<StatsDoc>('stats_counts');

  return {
    async ensureIndexes(): Promise<void> {
      // read: `{project_id, interval, start: {$gte: from, $lt: to}}` sorted by start.
      await col.createIndex({ project_id: 1, interval: 1, start: 1 }, { name: 'stats_range' });
      // Old counters expire (a TTL index on MongoDB, the retention sweep elsewhere).
      await createExpiryIndex(col);
    },

    /**
     * Adds the events to their minute, hour and day counters: one `$inc` upsert per counter
     * document touched, all in one unordered bulk write. Not idempotent: the same events added
     * twice count twice.
     */
    async add(events: CountedEvent[]): Promise<void> {
      const increments = new Map<string, { projectId: number; interval: StatsInterval; start: Date; inc: Record<string, number> }>();
      for (const e of events) {
        for (const interval of STATS_INTERVALS) {
          const start = intervalStart(interval, e.at);
          const id = `${e.projectId}:${interval}:${start.getTime()}`;
          const entry = increments.get(id) ?? { projectId: e.projectId, interval, start, inc: {} };
          for (const k of e.keys) entry.inc[`counts.${k.medium}.${k.outcome}`] = (entry.inc[`counts.${k.medium}.${k.outcome}`] ?? 0) + 1;
          increments.set(id, entry);
        }
      }
      const ops: AnyBulkWriteOperation<StatsDoc>[] = [...increments].filter(([, e]) => Object.keys(e.inc).length > 0).map(([_id, e]) => ({
        updateOne: {
          filter: { _id },
          update: {
            $inc: e.inc,
            $setOnInsert: { project_id: e.projectId, interval: e.interval, start: e.start, expires_at: new Date(e.start.getTime() + KEPT_MS[e.interval]) },
          },
          upsert: true,
        },
      }));
      if (ops.length > 0) await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
    },

    /** A project's counters of one interval kind starting in [from, to), oldest first (stats_range). */
    read: (projectId: number, interval: StatsInterval, from: Date, to: Date): Promise<StatsDoc[]> =>
      col.find({ project_id: projectId, interval, start: { $gte: from, $lt: to } }).sort({ start: 1 }).toArray(),

    prune: (now: Date, batch: number) => pruneExpiredBatch(col, now, batch),
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
