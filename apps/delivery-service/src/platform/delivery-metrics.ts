import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { NotificationStatus } from '../kernel/notification';
import type { OutboundMedium } from '../kernel/outbound';

export type Medium = 'in_app' | OutboundMedium;
export type OutboundResult = 'sent' | 'retried' | 'failed' | 'skipped';

/** What the use cases and workers report; Prometheus behind it (see docs/observability.md). */
export interface DeliveryMetrics {
  /** Notifications that reached their outcome (counted once, by the write that applied it). */
  notificationsFinal(status: NotificationStatus, n?: number): void;
  /** One attempt of an outbound medium: sent, retried (refused, will try again), failed (gave up) or skipped (quota). */
  outbound(medium: OutboundMedium, outcome: OutboundResult): void;
  /** One call to a provider (failover): its result, `ok` or `error`, and `skipped` when its circuit was open. */
  providerCall(medium: OutboundMedium, provider: string, result: 'ok' | 'error' | 'circuit_open'): void;
  /** A provider's circuit breaker changed state (open: calls go to the secondary). */
  circuitState(medium: OutboundMedium, provider: string, open: boolean): void;
  /** Quota units refused (in-app deliveries, emails) because the project's monthly quota is spent. */
  quotaRefused(medium: Medium, n?: number): void;
  /** A JetStream message delivered again (after a nak, an ack timeout or a crash). */
  redelivered(consumer: string): void;
  /** The broadcast write lane paused this long for fairness (BROADCAST_WRITE_SHARE). */
  broadcastWritePause(ms: number): void;
  /** A timer fired, `latenessMs` after it was due. */
  timerFired(kind: string, latenessMs: number): void;
}

/** The delivery service's counters in the process registry. */
export function createDeliveryMetrics(registry: Registry): DeliveryMetrics {
  const notifications = new Counter({
    name: 'herald_notifications_total',
    help: 'Notifications by final status (delivered, suppressed, quota_exceeded, failed, not_requested)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const emails = new Counter({
    name: 'herald_emails_total',
    help: 'Email attempts by outcome: sent, retried (refused, retried later), failed (permanent refusal or attempts exhausted), skipped (quota spent)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const outbound = new Counter({
    name: 'herald_outbound_messages_total',
    help: 'Outbound message attempts (email, sms, web_push) by outcome: sent, retried, failed, skipped (quota spent)',
    labelNames: ['medium', 'outcome'] as const,
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'herald_provider_calls_total',
    help: 'Calls to outbound providers by medium, provider and result (ok, error, circuit_open: skipped because its breaker is open)',
    labelNames: ['medium', 'provider', 'result'] as const,
    registers: [registry],
  });
  const circuits = new Gauge({
    name: 'herald_provider_circuit_open',
    help: "1 while a provider's circuit breaker is open (its medium's messages go to the secondary provider), else 0",
    labelNames: ['medium', 'provider'] as const,
    registers: [registry],
  });
  const quota = new Counter({
    name: 'herald_quota_refusals_total',
    help: 'Deliveries refused because the monthly quota is spent, by medium',
    labelNames: ['medium'] as const,
    registers: [registry],
  });
  const redeliveries = new Counter({
    name: 'herald_jetstream_redeliveries_total',
    help: 'JetStream messages received again (redelivered), by durable consumer',
    labelNames: ['consumer'] as const,
    registers: [registry],
  });
  const pauses = new Counter({
    name: 'herald_broadcast_write_paused_seconds_total',
    help: 'Time the broadcast write lane paused after its slices to leave the store to other writes (BROADCAST_WRITE_SHARE)',
    registers: [registry],
  });
  const lateness = new Histogram({
    name: 'herald_timer_lateness_seconds',
    help: 'How long after its due time a timer fired (scheduled sends, escalation emails, digest windows), by kind',
    labelNames: ['kind'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    timerFired: (kind, ms) => lateness.observe({ kind }, Math.max(0, ms) / 1000),
    broadcastWritePause: (ms) => pauses.inc(ms / 1000),
    notificationsFinal: (status, n = 1) => n > 0 && notifications.inc({ status }, n),
    outbound: (medium, outcome) => {
      outbound.inc({ medium, outcome });
      if (medium === 'email') emails.inc({ outcome });
    },
    providerCall: (medium, provider, result) => providerCalls.inc({ medium, provider, result }),
    circuitState: (medium, provider, open) => circuits.set({ medium, provider }, open ? 1 : 0),
    quotaRefused: (medium, n = 1) => n > 0 && quota.inc({ medium }, n),
    redelivered: (consumer) => redeliveries.inc({ consumer }),
  };
}

/** Counts notifications by status and reports each count (a batch insert of a broadcast chunk). */
export function countByStatus(metrics: DeliveryMetrics, docs: { status: NotificationStatus }[]): void {
  const counts = new Map<NotificationStatus, number>();
  for (const d of docs) counts.set(d.status, (counts.get(d.status) ?? 0) + 1);
  for (const [status, n] of counts) metrics.notificationsFinal(status, n);
}

/** The figures of one durable consumer, as `consumers.info` reports them. */
export interface ConsumerFigures {
  stream: string;
  consumer: string;
  num_pending: number;
  num_ack_pending: number;
  num_redelivered: number;
}

/**
 * JetStream consumer gauges, read from the server at scrape time (`fetch` is called once per
 * scrape, shared by the three gauges). A failed read leaves the gauges empty for that scrape.
 */
export function registerConsumerGauges(registry: Registry, fetch: () => Promise<ConsumerFigures[]>): void {
  let current: { at: number; figures: Promise<ConsumerFigures[]> } | null = null;
  const snapshot = () => {
    if (!current || Date.now() - current.at > 500) current = { at: Date.now(), figures: fetch().catch(() => []) };
    return current.figures;
  };
  const gauge = (name: string, help: string, field: 'num_pending' | 'num_ack_pending' | 'num_redelivered') =>
    new Gauge({
      name,
      help,
      labelNames: ['stream', 'consumer'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const f of await snapshot()) this.set({ stream: f.stream, consumer: f.consumer }, f[field]);
      },
    });
  gauge('herald_jetstream_consumer_pending', 'Messages in the stream not yet delivered to the durable consumer (backlog)', 'num_pending');
  gauge('herald_jetstream_consumer_ack_pending', 'Messages delivered to the durable consumer and not yet acknowledged', 'num_ack_pending');
  gauge('herald_jetstream_consumer_redelivered', 'Messages currently pending acknowledgement that were delivered more than once', 'num_redelivered');
}
