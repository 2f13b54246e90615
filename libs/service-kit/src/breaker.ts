import { backoff, systemClock, type Clock } from '@herald/timing';

/**
 * The one circuit breaker of the services: after `consecutiveFailures` failures in a row it opens
 * for `halfOpenAfterMs`, and calls fail at once with a BreakerOpenError (see `isCircuitOpen`)
 * without running; once the period is over the next call runs as the one trial (half-open): its
 * success closes the breaker, its failure opens it again, for twice as long each time up to
 * `maxOpenMs` (default: `halfOpenAfterMs`, a fixed period). Only errors `isFailure` accepts count;
 * others pass through and leave the count alone (a provider refusing one message says nothing about
 * the provider); a result `failedResult` calls one counts too (an HTTP answer that is no 2xx).
 *
 * A call is never held waiting for a trial: `check()` says at once whether a call may run now and,
 * if not, from when (`retryAt`, epoch ms on `clock`), so a caller can schedule the work for later.
 *
 *   const breaker = createBreaker({ consecutiveFailures: 3, halfOpenAfterMs: 30_000 });
 *   try { await breaker.execute(() => primary.send(m)); } catch (err) { if (isCircuitOpen(err)) … }
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerOptions<T = unknown> {
  consecutiveFailures: number;
  /** How long it stays open the first time. */
  halfOpenAfterMs: number;
  /** The longest it stays open: each failed trial doubles the period up to this. */
  maxOpenMs?: number;
  /** Which errors count as failures (default: every error). */
  isFailure?: (err: unknown) => boolean;
  /** Which results count as failures (default: none). */
  failedResult?: (value: T) => boolean;
  /** Each change of state; `openMs` is the open period when it opens (else 0). */
  onStateChange?: (state: BreakerState, openMs: number) => void;
  clock?: Clock;
}

export type BreakerCheck = { allowed: true } | { allowed: false; retryAt: number };

export interface Breaker<T = unknown> {
  execute<R extends T>(fn: () => Promise<R>): Promise<R>;
  /** Whether a call may run now; when not, the earliest time it may (a trial in flight: one first period from now). */
  check(): BreakerCheck;
  readonly state: BreakerState;
}

/** Thrown by `execute` when the breaker does not let the call run. */
export class BreakerOpenError extends Error {
  constructor(readonly retryAt: number) {
    super(`circuit open until ${new Date(retryAt).toISOString()}`);
    this.name = 'BreakerOpenError';
  }
}

export function createBreaker<T = unknown>(opts: BreakerOptions<T>): Breaker<T> {
  const clock = opts.clock ?? systemClock;
  const maxOpenMs = opts.maxOpenMs ?? opts.halfOpenAfterMs;
  let state: BreakerState = 'closed';
  let failures = 0;
  let failedTrials = 0;
  let openUntil = 0;
  let trialRunning = false;

  const enter = (next: BreakerState, openMs = 0) => {
    state = next;
    opts.onStateChange?.(next, openMs);
  };
  const open = () => {
    const openMs = backoff({ attempt: failedTrials + 1, baseMs: opts.halfOpenAfterMs, maxMs: maxOpenMs });
    openUntil = clock.now() + openMs;
    enter('open', openMs);
  };
  const succeeded = () => {
    failures = 0;
    failedTrials = 0;
    if (state !== 'closed') enter('closed');
  };
  const failed = () => {
    if (state === 'half_open') {
      failedTrials++;
      open();
    } else if (++failures >= opts.consecutiveFailures) {
      open();
    }
  };
  const check = (): BreakerCheck => {
    if (state === 'closed') return { allowed: true };
    if (state === 'open') return clock.now() >= openUntil ? { allowed: true } : { allowed: false, retryAt: openUntil };
    return trialRunning ? { allowed: false, retryAt: clock.now() + opts.halfOpenAfterMs } : { allowed: true };
  };

  return {
    get state() {
      return state;
    },
    check,
    async execute(fn) {
      const verdict = check();
      if (!verdict.allowed) throw new BreakerOpenError(verdict.retryAt);
      const trial = state !== 'closed';
      if (trial) {
        if (state === 'open') enter('half_open');
        trialRunning = true;
      }
      try {
        const value = await fn();
        if (opts.failedResult?.(value)) failed();
        else succeeded();
        return value;
      } catch (err) {
        if (!opts.isFailure || opts.isFailure(err)) failed();
        // An error that is no failure says the other side answered: a trial's success.
        else if (trial) succeeded();
        throw err;
      } finally {
        if (trial) trialRunning = false;
      }
    },
  };
}

/** The error a breaker throws instead of calling while it is open (or half-open with its trial in flight). */
export const isCircuitOpen = (err: unknown): boolean => err instanceof BreakerOpenError;
