import { Counter, Histogram, type Registry } from 'prom-client';

export interface WebhookMetrics {
  /** One attempt's outcome: succeeded, retried (failed, another attempt is scheduled), failed (gave up). */
  attempt(outcome: 'succeeded' | 'retried' | 'failed', latencyMs: number): void;
  /** Deliveries created by the fan-out (one per subscribed endpoint and event). */
  fannedOut(n: number): void;
  /** An attempt put off: its endpoint backed off by its breaker, or no room for its project or endpoint. */
  deferred(reason: 'breaker' | 'busy'): void;
}

export function createWebhookMetrics(registry: Registry): WebhookMetrics {
  const attempts = new Counter({
    name: 'herald_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: succeeded, retried (failed, retried later), failed (given up, 410, or endpoint disabled)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'herald_webhook_attempt_duration_seconds',
    help: 'Duration of webhook delivery attempts (request to complete response or error)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const deferred = new Counter({
    name: 'herald_webhook_attempts_deferred_total',
    help: 'Webhook attempts put off without a request: breaker (the endpoint is backed off after failed or slow attempts), busy (its project or endpoint had no room)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const created = new Counter({ name: 'herald_webhook_deliveries_created_total', help: 'Webhook deliveries created by the fan-out', registers: [registry] });
  return {
    attempt(outcome, ms) {
      attempts.inc({ outcome });
      latency.observe(ms / 1000);
    },
    fannedOut: (n) => created.inc(n),
    deferred: (reason) => deferred.inc({ reason }),
  };
}
