/**
 * The time a process reads: one `Clock` per process, built at its entry point (`systemClock`) and
 * passed down to whatever applies a time rule; tests pass a `createFakeClock()` and move it by hand.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  date(): Date;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  date: () => new Date(),
};

/** A clock that stands still until a test moves it; `sleep` with it resolves when it passes the due time. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

/** Where a fake clock starts unless told: a fixed instant, so tests read the same on every run. */
const FAKE_EPOCH_MS = Date.UTC(2026, 0, 1);

interface Timer {
  dueMs: number;
  fire: () => void;
}

// The timers waiting on each fake clock (see `onFakeTime`); a clock not in here is a real one.
const fakeTimers = new WeakMap<Clock, Set<Timer>>();

export function createFakeClock(startMs = FAKE_EPOCH_MS): FakeClock {
  let nowMs = startMs;
  const timers = new Set<Timer>();
  const moveTo = (ms: number) => {
    nowMs = ms;
    const due = [...timers].filter((t) => t.dueMs <= nowMs).sort((a, b) => a.dueMs - b.dueMs);
    for (const t of due) {
      timers.delete(t);
      t.fire();
    }
  };
  const clock: FakeClock = {
    now: () => nowMs,
    date: () => new Date(nowMs),
    advance: (ms) => moveTo(nowMs + ms),
    set: moveTo,
  };
  fakeTimers.set(clock, timers);
  return clock;
}

/**
 * Runs `fire` once `clock` (a fake one) reaches `dueMs`, and returns the cancel function; undefined
 * when `clock` is not a fake clock (the caller then waits in real time).
 */
export function onFakeTime(clock: Clock, dueMs: number, fire: () => void): (() => void) | undefined {
  const timers = fakeTimers.get(clock);
  if (!timers) return undefined;
  if (dueMs <= clock.now()) {
    fire();
    return () => undefined;
  }
  const timer = { dueMs, fire };
  timers.add(timer);
  return () => timers.delete(timer);
}
