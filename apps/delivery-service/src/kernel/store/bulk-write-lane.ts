import { sleep, systemClock, type Clock } from '@herald/service-kit';
import type { WriteDemand } from './write-demand';
/**
 * Fair share of the store between bulk writes (broadcast fan-out) and everything else (direct
 * sends of every project, outcomes). A broadcast chunk's insert is cut into slices of at most
 * `sliceSize` documents; one slice at a time is written per process. When other writes wanted the
 * store during a slice (`demand`: one was in flight when it started, or one started while it ran),
 * the lane then stays closed for `(1 - share) / share` times as long as the slice took, so those
 * writes find the store free at least `1 - share` of the time and wait at most one slice for it.
 * When nothing else wanted it, the next slice follows at once: an idle store is used fully. Without
 * `demand` every slice is taken as contended (a pause after each). On a store with a
 * single writer (SQLite under the local FerretDB) this is what keeps one project's 100,000-recipient
 * broadcast from delaying another project's direct send; on MongoDB the pause is as short as the
 * slice was. The pause adapts to the store's speed, so no figure is tuned to one machine. Slices are
 * timed and pauses kept on `clock` (the process's one clock).
 */
export interface BulkWriteLane {
  /** Writes `docs` slice by slice through `write`; returns the sum of what `write` returned. */
  write<T>(docs: T[], write: (slice: T[]) => Promise<number>): Promise<number>;
}

export function createBulkWriteLane(opts: { share: number; sliceSize: number; demand?: WriteDemand; onPause?: (ms: number) => void; clock?: Clock }): BulkWriteLane {
  const clock = opts.clock ?? systemClock;
  const share = Math.min(1, Math.max(0.05, opts.share));
  const sliceSize = Math.max(1, opts.sliceSize);
  let tail: Promise<void> = Promise.resolve();

  /** Runs fn alone in the lane (FIFO among bulk writers). */
  const exclusive = <R>(fn: () => Promise<R>): Promise<R> => {
    const run = tail.then(fn);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  /** Whether other writes wanted the store since `before` was seen (always, when the lane has no demand signal). */
  const contended = (before: ReturnType<WriteDemand['seen']> | undefined): boolean => {
    if (!before || !opts.demand) return true;
    return before.inFlight > 0 || opts.demand.seen().started > before.started;
  };

  return {
    async write(docs, write) {
      let total = 0;
      for (let i = 0; i < docs.length; i += sliceSize) {
        const slice = docs.slice(i, i + sliceSize);
        total += await exclusive(async () => {
          const started = clock.now();
          const before = opts.demand?.seen();
          const n = opts.demand ? await opts.demand.bulk(() => write(slice)) : await write(slice);
          if (share < 1 && contended(before)) {
            const pause = ((clock.now() - started) * (1 - share)) / share;
            opts.onPause?.(pause);
            await sleep(pause, { clock });
          }
          return n;
        });
      }
      return total;
    },
  };
}
