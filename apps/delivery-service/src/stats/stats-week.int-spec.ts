import { MongoClient, type Db } from 'mongodb';
import { createGetStats, type Stats } from './get-stats';
import { createStatsRepository, type CountedEvent } from './stats-repository';
import type { StatsKey } from './stats-tally';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-09T15:20:00Z');

/** Events of one project spread over the week before NOW: several an hour, some hours empty, mediums and outcomes mixed. */
function weekOfEvents(projectId: number): CountedEvent[] {
  const kinds: StatsKey[][] = [
    [{ medium: 'in_app', outcome: 'delivered' }],
    [{ medium: 'email', outcome: 'failed' }, { medium: 'email', outcome: 'bounced' }],
    [{ medium: 'sms', outcome: 'suppressed' }],
    [{ medium: 'webhook', outcome: 'delivered' }],
  ];
  const events: CountedEvent[] = [];
  for (let i = 0; i < 600; i++) {
    const at = new Date(NOW.getTime() - ((i * 7919) % (7 * 24 * 60)) * 60_000 - 1);
    events.push({ projectId, at, keys: kinds[i % kinds.length] });
  }
  return events;
}

/** The counts of some intervals summed, as `medium.outcome` → count. */
function summed(intervals: Stats['intervals']): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const i of intervals) {
    for (const [medium, outcomes] of Object.entries(i.counts)) {
      for (const [outcome, n] of Object.entries(outcomes ?? {})) sum[`${medium}.${outcome}`] = (sum[`${medium}.${outcome}`] ?? 0) + (n ?? 0);
    }
  }
  return sum;
}

describe('the overview\'s week by day, from the day counters', () => {
  const client = new MongoClient(process.env.MONGO_URL!);
  let db: Db;

  beforeAll(async () => {
    await client.connect();
    db = client.db(`test_stats_week_${Math.random().toString(36).slice(2, 8)}`);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('when a week of sends is counted, then each day of the week by day holds the sum of its hours, and the week the sum of them all', async () => {
    const stats = createStatsRepository(db);
    await stats.ensureIndexes();
    const events = weekOfEvents(7);
    // As the consumer writes them: batch after batch.
    for (let i = 0; i < events.length; i += 100) await stats.add(events.slice(i, i + 100));
    const getStats = createGetStats({ stats, timers: { dueOf: async () => 0 }, now: () => NOW });
    const from = new Date(NOW.getTime() - 7 * DAY);

    const byDay = await getStats({ projectId: 7, interval: 'day', from, to: NOW });
    const byHour = await getStats({ projectId: 7, interval: 'hour', from: new Date(byDay.intervals[0].start), to: NOW });

    expect(byDay.intervals).toHaveLength(8);
    for (const day of byDay.intervals) {
      const hours = byHour.intervals.filter((h) => h.start >= day.start && h.start.getTime() < day.start.getTime() + DAY);
      expect({ day: day.start, counts: summed([day]) }).toEqual({ day: day.start, counts: summed(hours) });
    }
    expect(summed(byDay.intervals)).toEqual({ 'in_app.delivered': 150, 'email.failed': 150, 'email.bounced': 150, 'sms.suppressed': 150, 'webhook.delivered': 150 });
  });
});
