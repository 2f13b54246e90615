import type { Logger } from '@herald/service-kit';
import { startOutboxSweeper } from '../kernel/sweeper';
import type { CountedEvent, StatsRepository } from './stats-repository';

/** Events held at most while the store does not take them; past it the oldest are dropped (counted short). */
const HELD_AT_MOST = 100_000;

/**
 * Counts no stream carries (webhook attempts) held in memory and added to the store every
 * `everyMs` as one bulk write; `stop` adds what is left. A crash loses the counts of the last
 * `everyMs` at most; a failed write keeps them for the next pass.
 */
export function createStatsBuffer(stats: Pick<StatsRepository, 'add'>, opts: { everyMs: number; logger: Logger }) {
  let held: CountedEvent[] = [];
  async function flush(): Promise<number> {
    if (held.length === 0) return 0;
    const batch = held;
    held = [];
    try {
      await stats.add(batch);
    } catch (err) {
      held = batch.concat(held).slice(-HELD_AT_MOST);
      throw err;
    }
    return 0;
  }
  const pass = startOutboxSweeper({ logger: opts.logger, republish: flush, everyMs: opts.everyMs });
  return {
    add(event: CountedEvent): void {
      held.push(event);
      if (held.length > HELD_AT_MOST) held.shift();
    },
    async stop(): Promise<void> {
      pass.stop();
      await flush().catch((err) => opts.logger.warn({ err }, 'stats: the last webhook attempt counts were not written'));
    },
  };
}
