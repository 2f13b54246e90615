import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen, isBrokenCircuitError, isIsolatedCircuitError } from 'cockatiel';

/**
 * The one circuit breaker of the services, over cockatiel: after `consecutiveFailures`
 * failures in a row it opens, and calls fail at once with a circuit-open error (see
 * `isCircuitOpen`) without running; `halfOpenAfterMs` later the next call is let through as a
 * probe (half-open): its success closes the breaker, its failure opens it again. Only errors
 * `isFailure` accepts count; others pass through and leave the count alone (a provider refusing one
 * message says nothing about the provider).
 *
 *   const breaker = createBreaker({ consecutiveFailures: 3, halfOpenAfterMs: 30_000 });
 *   try { await breaker.execute(() => primary.send(m)); } catch (err) { if (isCircuitOpen(err)) … }
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerOptions {
  consecutiveFailures: number;
  halfOpenAfterMs: number;
  /** Which errors count as failures (default: every error). */
  isFailure?: (err: unknown) => boolean;
  onStateChange?: (state: BreakerState) => void;
}

export interface Breaker {
  execute<T>(fn: () => Promise<T>): Promise<T>;
  readonly state: BreakerState;
}

const STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'open',
};

export function createBreaker(opts: BreakerOptions): Breaker {
  const policy = circuitBreaker(
    handleWhen((err) => (opts.isFailure ? opts.isFailure(err) : true)),
    { halfOpenAfter: opts.halfOpenAfterMs, breaker: new ConsecutiveBreaker(opts.consecutiveFailures) },
  );
  if (opts.onStateChange) {
    const onChange = opts.onStateChange;
    policy.onStateChange((s) => onChange(STATES[s]));
  }
  return {
    execute: (fn) => policy.execute(() => fn()),
    get state() {
      return STATES[policy.state];
    },
  };
}

/** The error a breaker throws instead of calling while it is open (or half-open with its probe in flight). */
export const isCircuitOpen = (err: unknown): boolean => isBrokenCircuitError(err) || isIsolatedCircuitError(err);
