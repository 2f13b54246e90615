import { createGetStats } from './get-stats';
import type { StatsDoc } from './stats-repository';

const NOW = new Date('2026-03-02T10:30:20Z');

function setup(docs: Partial<StatsDoc>[] = []) {
  const reads: unknown[][] = [];
  const getStats = createGetStats({
    stats: {
      read: async (...args) => {
        reads.push(args);
        return docs as StatsDoc[];
      },
    },
    timers: { dueOf: async () => 3 },
    now: () => NOW,
  });
  return { getStats, reads };
}

describe('get stats: the counters of a range', () => {
  it('when no range is given, then the 60 intervals before now, each present, counts where kept', async () => {
    const { getStats, reads } = setup([{ start: new Date('2026-03-02T10:29:00Z'), counts: { email: { delivered: 2 } } }]);
    const stats = await getStats({ projectId: 7, from: null, to: null, interval: 'minute' });
    expect(reads).toEqual([[7, 'minute', new Date('2026-03-02T09:30:00Z'), NOW]]);
    expect(stats.intervals).toHaveLength(61);
    expect(stats.intervals[0].start).toEqual(new Date('2026-03-02T09:30:00Z'));
    expect(stats.intervals[59]).toEqual({ start: new Date('2026-03-02T10:29:00Z'), counts: { email: { delivered: 2 } } });
    expect(stats.intervals[60]).toEqual({ start: new Date('2026-03-02T10:30:00Z'), counts: {} });
    expect(stats.dueTimers).toBe(3);
  });

  it.each([
    ['an unknown interval', { interval: 'week' }, 'interval'],
    ['a range ending before it starts', { interval: 'hour', from: new Date('2026-03-02T10:00:00Z'), to: new Date('2026-03-02T09:00:00Z') }, 'to'],
    ['a day of minutes and one more', { interval: 'minute', from: new Date('2026-03-01T10:00:00Z'), to: new Date('2026-03-02T10:01:00Z') }, 'from'],
    ['more than 31 days of hours', { interval: 'hour', from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-02T00:00:00Z') }, 'from'],
  ])('when the request has %s, then it is refused naming the field', async (_label, q, field) => {
    const { getStats, reads } = setup();
    await expect(getStats({ projectId: 7, from: null, to: null, ...q })).rejects.toMatchObject({ kind: 'invalid', violations: [expect.objectContaining({ property_path: field })] });
    expect(reads).toEqual([]);
  });
});
