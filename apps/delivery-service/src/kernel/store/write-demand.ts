/**
 * The store writes of this process that the bulk write lane (bulk-write-lane.ts) makes room for: a
 * direct send's insert, an outbound outcome. The repositories that make them run them through
 * `during`; the lane writes each slice through `bulk` and reads `seen` before and after it to tell
 * whether anything wanted the store meanwhile. Such a write that starts while a slice is being
 * written waits for the slice to end, then goes at once: on a store with a single writer it would
 * otherwise meet the slice as "database is locked" and back off (store-retry.ts), often past the
 * slice's end. Counted in this process only: each replica paces against the writes it sees.
 */
export interface WriteDemand {
  /** Runs `write` after the slice being written (if any), counted as store demand from its start until it settles. */
  during<T>(write: () => Promise<T>): Promise<T>;
  /** Runs one slice of the bulk lane; writes started meanwhile through `during` wait for it. */
  bulk<T>(slice: () => Promise<T>): Promise<T>;
  /** How many writes have started through `during` so far, and how many are in flight now (waiting included). */
  seen(): { started: number; inFlight: number };
}

export function createWriteDemand(): WriteDemand {
  let started = 0;
  let inFlight = 0;
  let sliceDone: Promise<unknown> | null = null;
  return {
    async during(write) {
      started++;
      inFlight++;
      try {
        if (sliceDone) await sliceDone;
        return await write();
      } finally {
        inFlight--;
      }
    },
    async bulk(slice) {
      const run = slice();
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      sliceDone = settled;
      try {
        return await run;
      } finally {
        if (sliceDone === settled) sliceDone = null;
      }
    },
    seen: () => ({ started, inFlight }),
  };
}
