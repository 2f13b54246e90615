/**
 * The store writes of this process that the bulk write lane (bulk-write-lane.ts) makes room for: a
 * direct send's insert, an outbound outcome. The repositories that make them run them through
 * `during`; the lane reads `seen` before and after each slice to tell whether anything wanted the
 * store meanwhile. Counted in this process only: each replica paces against the writes it sees.
 */
export interface WriteDemand {
  /** Runs `write`, counted as store demand from its start until it settles. */
  during<T>(write: () => Promise<T>): Promise<T>;
  /** How many such writes have started so far, and how many are in flight now. */
  seen(): { started: number; inFlight: number };
}

export function createWriteDemand(): WriteDemand {
  let started = 0;
  let inFlight = 0;
  return {
    async during(write) {
      started++;
      inFlight++;
      try {
        return await write();
      } finally {
        inFlight--;
      }
    },
    seen: () => ({ started, inFlight }),
  };
}
