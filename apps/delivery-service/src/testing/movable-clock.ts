import type { Clock } from '@herald/service-kit';

/** A service clock a test moves forward: see `createMovableClock`. */
export interface MovableClock extends Clock {
  /** Moves the clock `ms` further ahead of real time. */
  advance(ms: number): void;
}

/**
 * The clock of a service under test that the test moves past a time rule's period (a lease, an open
 * circuit, a due time) instead of waiting for it: real time plus what the test added. Not a fake
 * clock: the service's own timers and polls keep running in real time, they just read a later time.
 */
export function createMovableClock(): MovableClock {
  let aheadMs = 0;
  return {
    now: () => Date.now() + aheadMs,
    date: () => new Date(Date.now() + aheadMs),
    advance: (ms) => {
      aheadMs += ms;
    },
  };
}
