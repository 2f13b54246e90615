import { createBreaker, isCircuitOpen, type Clock, type Logger } from '@herald/service-kit';
import { DeliveryFailure, failureKind, type Accepted, type OutboundMedium } from '../kernel/outbound';
import type { DeliveryMetrics } from '../platform';
import type { Provider } from './provider';

export interface FailoverOptions<M> {
  medium: OutboundMedium;
  primary: Provider<M>;
  /** Absent: every message goes to the primary (its failures are retried by the job). */
  secondary?: Provider<M>;
  /** Consecutive transient failures of the primary that open its circuit. */
  consecutiveFailures: number;
  /** How long the circuit stays open before one message probes the primary again. */
  halfOpenAfterMs: number;
  metrics: Pick<DeliveryMetrics, 'providerCall' | 'circuitState'>;
  logger?: Logger;
  /** The process's clock, which the open period is counted on (default: the system's). */
  clock?: Clock;
}

/**
 * Provider failover for one outbound medium, behind service-kit's circuit breaker. A message goes
 * to the primary while its circuit is closed; a transient failure (timeout, 429, 5xx, refused
 * credentials) sends that message through the secondary at once and
 * counts against the primary; after `consecutiveFailures` in a row the circuit opens and messages
 * go straight to the secondary, until, `halfOpenAfterMs` later, one message probes the primary
 * (half-open; messages meanwhile keep using the secondary): its success closes the circuit. A
 * message the provider refuses for good (a bad address, a 4xx) neither fails over nor counts. The
 * answer names the provider that took the message (the outcome's `provider`).
 */
export function createFailover<M>(opts: FailoverOptions<M>): (message: M) => Promise<Accepted> {
  const { medium, primary, secondary, metrics } = opts;
  const call = async (p: Provider<M>, message: M): Promise<Accepted> => {
    try {
      const { messageId } = await p.send(message);
      metrics.providerCall(medium, p.name, 'ok');
      return { messageId, provider: p.name };
    } catch (err) {
      metrics.providerCall(medium, p.name, 'error');
      throw err;
    }
  };
  if (!secondary) return (message) => call(primary, message);

  const breaker = createBreaker({
    consecutiveFailures: opts.consecutiveFailures,
    halfOpenAfterMs: opts.halfOpenAfterMs,
    clock: opts.clock,
    isFailure: (err) => failureKind(err) === 'transient',
    onStateChange: (state) => {
      metrics.circuitState(medium, primary.name, state !== 'closed');
      opts.logger?.warn({ medium, provider: primary.name, circuit: state, fallback: secondary.name }, `${medium} provider circuit ${state}`);
    },
  });
  return async (message) => {
    // A probe of the primary is in flight: the others do not wait for it.
    if (breaker.state !== 'half_open') {
      try {
        return await breaker.execute(() => call(primary, message));
      } catch (err) {
        if (isCircuitOpen(err)) metrics.providerCall(medium, primary.name, 'circuit_open');
        else if (failureKind(err) !== 'transient') throw err;
        else return viaSecondary(message, err);
      }
    }
    return call(secondary, message);
  };

  async function viaSecondary(message: M, primaryError: unknown): Promise<Accepted> {
    try {
      return await call(secondary!, message);
    } catch (err) {
      if (failureKind(err) !== 'transient') throw err;
      const say = (e: unknown) => String((e as Error)?.message ?? e);
      throw new DeliveryFailure('transient', `${primary.name}: ${say(primaryError)}; ${secondary!.name}: ${say(err)}`.slice(0, 500), (err as DeliveryFailure).retryAfterMs);
    }
  }
}
