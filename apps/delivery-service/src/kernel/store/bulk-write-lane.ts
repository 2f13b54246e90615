import { sleep, systemClock, type Clock } from '@herald/service-kit';
/**
 * Fair share of the store between bulk writes (broadcast fan-out) and everything else (direct
 * sends of every project, outcomes, reads). A broadcast chunk's insert is cut into slices of at
 * most `sliceSize` documents; one slice at a time is written per process, and after each the lane
 * stays closed for `(1 - share) / share` times as long as the slice took, so other writes find the
 * store free at least `1 - share` of the time and wait at most one slice for it. On a store with a
 * single writer (SQLite under the local FerretDB) this is what keeps one project's 100,000-recipient
 * broadcast from delaying another project's direct send; on MongoDB the pause is as short as the
 * slice was. The pause adapts to the store's speed, so no figure is tuned to one machine. Slices are
 * timed and pauses kept on `clock` (the process's one clock).
 */
export interface BulkWriteLane {
  /** Writes `docs` slice by slice through `write`; returns the sum of what `write` returned. */
  write<T>(docs: T[], write: (slice: T[]) => Promise<number>): Promise<number>;
}

export function createBulkWriteLane(opts: { share: number; sliceSize: number; onPause?: (ms: number) => void; clock?: Clock }): BulkWriteLane {
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

  return {
    async write(docs, write) {
      let total = 0;
      for (let i = 0; i < docs.length; i += sliceSize) {
        const slice = docs.slice(i, i + sliceSize);
        total += await exclusive(async () => {
          const started = clock.now();
          const n = await write(slice);
          if (share < 1) {
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
