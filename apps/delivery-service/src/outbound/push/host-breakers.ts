import { BreakerOpenError, createBreaker, systemClock, type Breaker, type Clock, type Logger } from '@herald/service-kit';
import { LRUCache } from 'lru-cache';
import { DeliveryFailure } from '../../kernel/outbound';
import { BoundedRequestError } from './bounded-request';

/** Endpoint hosts whose breaker is remembered; the least recently used is forgotten past it. */
const BREAKERS_KEPT = 1_000;

export interface HostBreakerOptions {
  /** Requests in a row that gave up (deadline, answer over the cap) that back an endpoint host off. */
  consecutiveFailures: number;
  /** How long a host stays backed off before one request tries it again. */
  halfOpenAfterMs: number;
  clock?: Clock;
  logger?: Logger;
}

/**
 * One circuit breaker per push endpoint host (origin): a request that hits its overall deadline or
 * the answer cap (a BoundedRequestError) counts as a failure of its host; after
 * `consecutiveFailures` in a row the host is backed off, and its pushes fail at once as
 * `transient` with the time it may be tried again, without a request. Any answer, whatever its
 * status, says the host answers: it does not count.
 */
export function createHostBreakers(opts: HostBreakerOptions) {
  const clock = opts.clock ?? systemClock;
  const breakers = new LRUCache<string, Breaker>({ max: BREAKERS_KEPT });
  const breakerOf = (origin: string): Breaker => {
    let breaker = breakers.get(origin);
    if (!breaker) {
      breaker = createBreaker({
        consecutiveFailures: opts.consecutiveFailures,
        halfOpenAfterMs: opts.halfOpenAfterMs,
        clock,
        isFailure: (err) => err instanceof BoundedRequestError,
        onStateChange: (state, openMs) => {
          if (state === 'open') opts.logger?.warn({ origin, openMs }, 'push endpoint host backed off: its requests timed out or answered too much');
          else if (state === 'closed') opts.logger?.info({ origin }, 'push endpoint host answers again: no longer backed off');
        },
      });
      breakers.set(origin, breaker);
    }
    return breaker;
  };
  return {
    /** Runs one request to `origin` through its host's breaker. */
    async run<T>(origin: string, request: () => Promise<T>): Promise<T> {
      try {
        return await breakerOf(origin).execute(request);
      } catch (err) {
        if (!(err instanceof BreakerOpenError)) throw err;
        const waitMs = Math.max(0, err.retryAt - clock.now());
        throw new DeliveryFailure('transient', `push endpoint host ${origin} is backed off: its recent requests timed out or answered too much`, waitMs);
      }
    },
  };
}
