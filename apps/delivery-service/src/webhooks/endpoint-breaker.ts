import type { BreakerState } from '@herald/service-kit';
import { CircuitState, circuitBreaker, ConsecutiveBreaker, ExponentialBackoff, handleAll, noJitterGenerator, type IBackoff, type IBackoffFactory, type IHalfOpenAfterBackoffContext } from 'cockatiel';

/**
 * A circuit breaker over cockatiel: after `failures` consecutive failures it opens for `openMs`;
 * then one trial call is let through (half-open): its success closes it, its failure opens it again
 * for twice as long, up to `maxOpenMs`. A thrown error is a failure, and so is a result
 * `failedResult` calls one (an HTTP answer that is no 2xx, an answer that came too slowly).
 *
 * Unlike cockatiel's own `execute`, a call is never held waiting for a trial to end: `check()` says
 * at once whether a call may run now, and if not, from when (`retryAt`, epoch ms), so a caller can
 * schedule the work for later instead of occupying a slot.
 * That answer, and open periods that grow, are what service-kit's `createBreaker` does not offer
 * yet; the states are named as its are.
 *
 *   const endpoint = createBreaker<Answer>({ failures: 5, openMs: 30_000, maxOpenMs: 1_800_000, failedResult: (a) => a.status >= 500 });
 *   const v = endpoint.check();
 *   if (!v.allowed) return later(v.retryAt);
 *   const answer = await endpoint.execute(() => post());
 */
export interface BreakerOptions<T> {
  /** Consecutive failures that open the breaker. */
  failures: number;
  /** How long it stays open the first time. */
  openMs: number;
  /** The longest it stays open (each failed trial doubles the period up to this). */
  maxOpenMs: number;
  /** A result that counts as a failure (a thrown error always does). */
  failedResult?: (value: T) => boolean;
}

export type BreakerVerdict = { allowed: true } | { allowed: false; retryAt: number };

/** Thrown by `execute` when the breaker does not let the call run. */
export class BreakerOpenError extends Error {
  constructor(readonly retryAt: number) {
    super(`circuit open until ${new Date(retryAt).toISOString()}`);
    this.name = 'BreakerOpenError';
  }
}

export interface Breaker<T> {
  readonly state: BreakerState;
  /** Whether a call may run now; when not, the earliest time it may (a trial in flight: one first period from now). */
  check(): BreakerVerdict;
  /** Runs `fn` if `check()` allows it (in the same tick), counting its outcome; else throws BreakerOpenError. */
  execute(fn: () => Promise<T>): Promise<T>;
  /** Called when the breaker opens (with how long) and when it closes again. */
  onChange(listener: (state: 'open' | 'closed', openMs: number) => void): void;
}

export function createBreaker<T>(opts: BreakerOptions<T>): Breaker<T> {
  // The open period cockatiel chose last (it asks its backoff at each opening): recorded, so the
  // end of the period is known without waiting for a call to find out.
  let openMs = 0;
  let openedAt = 0;
  const recorded = (b: IBackoff<IHalfOpenAfterBackoffContext>): IBackoff<IHalfOpenAfterBackoffContext> => ({
    duration: b.duration,
    next(context) {
      const n = b.next(context);
      openMs = n.duration;
      return recorded(n);
    },
  });
  const periods = new ExponentialBackoff({ initialDelay: opts.openMs, maxDelay: opts.maxOpenMs, generator: noJitterGenerator });
  const halfOpenAfter: IBackoffFactory<IHalfOpenAfterBackoffContext> = {
    next() {
      const b = periods.next();
      openMs = b.duration;
      return recorded(b);
    },
  };
  const failed = opts.failedResult;
  const policy = circuitBreaker(failed ? handleAll.orWhenResult((v) => failed(v as T)) : handleAll, {
    halfOpenAfter,
    breaker: new ConsecutiveBreaker(opts.failures),
  });
  let trialRunning = false;
  const listeners: ((state: 'open' | 'closed', openMs: number) => void)[] = [];
  policy.onBreak(() => {
    openedAt = Date.now();
    listeners.forEach((l) => l('open', openMs));
  });
  policy.onReset(() => listeners.forEach((l) => l('closed', 0)));

  const check = (): BreakerVerdict => {
    switch (policy.state) {
      case CircuitState.Closed:
        return { allowed: true };
      case CircuitState.Open: {
        const until = openedAt + openMs;
        return Date.now() >= until ? { allowed: true } : { allowed: false, retryAt: until };
      }
      default:
        // Half-open: the one trial is running.
        return trialRunning ? { allowed: false, retryAt: Date.now() + opts.openMs } : { allowed: true };
    }
  };
  return {
    get state(): BreakerState {
      const s = policy.state;
      return s === CircuitState.Closed ? 'closed' : s === CircuitState.HalfOpen ? 'half_open' : 'open';
    },
    check,
    async execute(fn) {
      const v = check();
      if (!v.allowed) throw new BreakerOpenError(v.retryAt);
      const trial = policy.state !== CircuitState.Closed;
      if (trial) trialRunning = true;
      try {
        return await policy.execute(fn);
      } finally {
        if (trial) trialRunning = false;
      }
    },
    onChange: (l) => void listeners.push(l),
  };
}
