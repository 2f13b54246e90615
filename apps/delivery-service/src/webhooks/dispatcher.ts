import { signWebhook } from '@herald/webhook-signature';
import type { Logger } from '@herald/service-kit';
import type { DeliveryLogRepository, WebhookDeliveryDoc } from './delivery-log-repository';
import { signingSecrets, type WebhookDoc, type WebhookRepository } from './endpoint-repository';
import type { WebhookSender } from './http-sender';
import { nextAttemptDelayMs } from './retry-schedule';
import type { WebhookMetrics } from './webhook-metrics';

export interface DispatcherSettings {
  /** Delays after each attempt (index 0: the first attempt, normally 0). */
  schedule: readonly number[];
  /** How long a claimed delivery is left to its claimant before anyone may take it again. */
  leaseMs: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** An endpoint failing every attempt for this long is disabled (`failing`). */
  disableAfterMs: number;
  /** Due deliveries taken per poll. */
  pollBatch: number;
}

interface Job {
  delivery: WebhookDeliveryDoc;
  /** The `due_at` this process set when it claimed the delivery (its claim). */
  claim: Date;
  endpoint: WebhookDoc | null;
}

/**
 * Attempts webhook deliveries: a bounded in-process queue fed by the fan-out (deliveries it just
 * inserted, already claimed) and by the poller (pending deliveries whose attempt is due, or whose
 * claimant died: a SIGKILL mid-attempt only delays the attempt by one lease). Each attempt signs
 * the stored body with the endpoint's current secrets, POSTs it, records the attempt and
 * schedules the next one, or settles the delivery; endpoint health (410, failing for days) is
 * updated alongside.
 */
export function createDispatcher(deps: {
  webhooks: WebhookRepository;
  deliveries: DeliveryLogRepository;
  send: WebhookSender;
  now: () => Date;
  settings: DispatcherSettings;
  logger: Logger;
  metrics: WebhookMetrics;
}) {
  const { webhooks, deliveries, send, now, settings, logger, metrics } = deps;
  const queue: Job[] = [];
  let active = 0;
  const idleWaiters: (() => void)[] = [];
  const roomWaiters: (() => void)[] = [];

  const hasRoom = () => queue.length + active < settings.concurrency * 4;
  const pump = () => {
    while (active < settings.concurrency && queue.length > 0) {
      const job = queue.shift()!;
      active++;
      void attempt(job)
        .catch((err) => logger.error({ err, deliveryId: job.delivery._id }, 'webhook attempt failed unexpectedly (retried after its lease)'))
        .finally(() => {
          active--;
          pump();
          if (hasRoom()) roomWaiters.splice(0).forEach((w) => w());
          if (active === 0 && queue.length === 0) idleWaiters.splice(0).forEach((w) => w());
        });
    }
  };

  async function attempt({ delivery, claim, endpoint }: Job): Promise<void> {
    const at = now();
    if (!endpoint || endpoint.status !== 'enabled') {
      await deliveries.abandon(delivery, claim, endpoint ? `endpoint disabled (${endpoint.disabled_reason ?? 'manual'})` : 'endpoint deleted', at);
      return;
    }
    const timestamp = Math.floor(at.getTime() / 1000);
    const signature = signWebhook(signingSecrets(endpoint, at), delivery.event_id, timestamp, delivery.body);
    const r = await send({
      url: endpoint.url,
      body: delivery.body,
      headers: { 'webhook-id': delivery.event_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
    });
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const attempts = delivery.attempts + 1;
    const finished = now();
    let next: { status: 'pending' | 'succeeded' | 'failed'; nextAttemptAt: Date | null };
    if (ok) next = { status: 'succeeded', nextAttemptAt: null };
    else if (r.status === 410) next = { status: 'failed', nextAttemptAt: null };
    else {
      const delay = nextAttemptDelayMs({ schedule: settings.schedule, attempts, status: r.status, retryAfterMs: r.retryAfterMs });
      next = delay === null ? { status: 'failed', nextAttemptAt: null } : { status: 'pending', nextAttemptAt: new Date(finished.getTime() + delay) };
    }
    const error = r.error ?? (ok ? null : r.status !== null && r.status >= 300 && r.status < 400 ? `redirect (${r.status}) not followed` : `HTTP ${r.status}`);
    await deliveries.recordAttempt(delivery, claim, { at, response_status: r.status, latency_ms: r.latencyMs, error, response_body: r.body }, next, finished);
    metrics.attempt(ok ? 'succeeded' : next.status === 'pending' ? 'retried' : 'failed', r.latencyMs);
    const log = logger.child({ webhookId: endpoint._id, deliveryId: delivery._id, eventId: delivery.event_id });
    if (ok) {
      if (endpoint.failing_since) await webhooks.markHealthy(endpoint._id);
      return;
    }
    log.info({ status: r.status, error, attempts, next: next.nextAttemptAt }, 'webhook attempt failed');
    if (r.status === 410) {
      await webhooks.disable(endpoint._id, 'gone', finished);
      log.warn('webhook endpoint answered 410 Gone: disabled');
      return;
    }
    const since = endpoint.failing_since;
    if (!since) await webhooks.markFailing(endpoint._id, at);
    else if (finished.getTime() - since.getTime() >= settings.disableAfterMs) {
      await webhooks.disable(endpoint._id, 'failing', finished);
      log.warn({ failingSince: since }, 'webhook endpoint failing for too long: disabled');
    }
  }

  return {
    /** Hands claimed deliveries to the attempt queue; resolves once there is room for more. */
    async enqueue(jobs: Job[]): Promise<void> {
      queue.push(...jobs);
      pump();
      while (!hasRoom()) await new Promise<void>((r) => roomWaiters.push(r));
    },
    /** One poll: claims due deliveries (at most the queue's room) and queues them; returns how many. */
    async pollOnce(): Promise<number> {
      if (!hasRoom()) return 0;
      const due = await deliveries.due(now(), settings.pollBatch);
      const claimed: { delivery: WebhookDeliveryDoc; claim: Date }[] = [];
      for (const d of due) {
        const claim = new Date(now().getTime() + settings.leaseMs);
        if (await deliveries.claim(d, claim)) claimed.push({ delivery: d, claim });
      }
      if (claimed.length === 0) return 0;
      const endpoints = new Map((await webhooks.byIds([...new Set(claimed.map((c) => c.delivery.webhook_id))])).map((w) => [w._id, w]));
      queue.push(...claimed.map((c) => ({ ...c, endpoint: endpoints.get(c.delivery.webhook_id) ?? null })));
      pump();
      return claimed.length;
    },
    /** Resolves when nothing is queued or in flight. */
    idle: () => (active === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
