import { signWebhook } from '@herald/webhook-signature';
import type { Logger } from '@herald/service-kit';
import type { AttemptOutcome, DeliveryLogRepository, WebhookDeliveryDoc } from './delivery-log-repository';
import { signingSecrets, type WebhookDoc, type WebhookRepository } from './endpoint-repository';
import type { AttemptResult, WebhookSender } from './http-sender';
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
  /**
   * How long the fan-out waits for the first attempts of a batch before writing the batch's
   * records: attempts settled by then are recorded with their result in the same write; the others
   * are recorded claimed and updated when they end.
   */
  inlineWaitMs: number;
}

interface Job {
  delivery: WebhookDeliveryDoc;
  /** The `due_at` this process set when it claimed the delivery (its claim). */
  claim: Date;
  endpoint: WebhookDoc | null;
}

/** A first attempt started by the fan-out: settled within the inline wait, or still running. */
export type FirstAttempt = { settled: AttemptOutcome } | { running: Promise<AttemptOutcome | null> };

/**
 * Attempts webhook deliveries in a bounded in-process queue. First attempts come from the fan-out
 * before their records exist (`attemptFirst`: the common case, a 2xx, costs one insert of the
 * finished record); retries come from the poller, which claims pending deliveries whose attempt
 * is due or whose claimant died (a SIGKILL mid-attempt only delays it by one lease). Each attempt
 * signs the stored body with the endpoint's current secrets and POSTs it; endpoint health (410,
 * failing for days) is updated alongside.
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
  const queue: (() => Promise<void>)[] = [];
  let active = 0;
  const idleWaiters: (() => void)[] = [];
  const roomWaiters: (() => void)[] = [];

  const hasRoom = () => queue.length + active < settings.concurrency * 4;
  const pump = () => {
    while (active < settings.concurrency && queue.length > 0) {
      const run = queue.shift()!;
      active++;
      void run().finally(() => {
        active--;
        pump();
        if (hasRoom()) roomWaiters.splice(0).forEach((w) => w());
        if (active === 0 && queue.length === 0) idleWaiters.splice(0).forEach((w) => w());
      });
    }
  };
  /** Runs `fn` in an attempt slot; resolves with its result (null when it failed unexpectedly, logged). */
  const inSlot = <T>(fn: () => Promise<T>, deliveryId: number) =>
    new Promise<T | null>((resolve) => {
      queue.push(() =>
        fn().then(resolve, (err) => {
          logger.error({ err, deliveryId }, 'webhook attempt failed unexpectedly (retried after its lease)');
          resolve(null);
        }),
      );
      pump();
    });

  /** Signs and POSTs the delivery's body; the outcome says what comes next. */
  async function post(delivery: WebhookDeliveryDoc, endpoint: WebhookDoc): Promise<AttemptOutcome & { r: AttemptResult }> {
    const at = now();
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
    let next: AttemptOutcome['next'];
    if (ok) next = { status: 'succeeded', nextAttemptAt: null };
    else if (r.status === 410) next = { status: 'failed', nextAttemptAt: null };
    else {
      const delay = nextAttemptDelayMs({ schedule: settings.schedule, attempts, status: r.status, retryAfterMs: r.retryAfterMs });
      next = delay === null ? { status: 'failed', nextAttemptAt: null } : { status: 'pending', nextAttemptAt: new Date(finished.getTime() + delay) };
    }
    const error = r.error ?? (ok ? null : r.status !== null && r.status >= 300 && r.status < 400 ? `redirect (${r.status}) not followed` : `HTTP ${r.status}`);
    metrics.attempt(ok ? 'succeeded' : next.status === 'pending' ? 'retried' : 'failed', r.latencyMs);
    return { r, entry: { at, response_status: r.status, latency_ms: r.latencyMs, error }, responseBody: r.body, next, finished };
  }

  /**
   * Endpoint health after an attempt. `endpoint` is the caller's copy, shared by the attempts of a
   * batch or poll: it is updated in memory first, so a burst of failures writes `failing_since` once.
   */
  async function health(endpoint: WebhookDoc, delivery: WebhookDeliveryDoc, o: AttemptOutcome & { r: AttemptResult }): Promise<void> {
    const { r, entry, next, finished } = o;
    if (next.status === 'succeeded') {
      if (endpoint.failing_since) {
        endpoint.failing_since = null;
        await webhooks.markHealthy(endpoint._id);
      }
      return;
    }
    const log = logger.child({ webhookId: endpoint._id, deliveryId: delivery._id, eventId: delivery.event_id });
    log.info({ status: r.status, error: entry.error, attempts: delivery.attempts + 1, next: next.nextAttemptAt }, 'webhook attempt failed');
    if (r.status === 410) {
      if (endpoint.status === 'disabled') return;
      endpoint.status = 'disabled';
      await webhooks.disable(endpoint, 'gone', finished);
      log.warn('webhook endpoint answered 410 Gone: disabled');
      return;
    }
    const since = endpoint.failing_since;
    if (!since) {
      endpoint.failing_since = entry.at;
      await webhooks.markFailing(endpoint._id, entry.at);
    } else if (finished.getTime() - since.getTime() >= settings.disableAfterMs && endpoint.status === 'enabled') {
      endpoint.status = 'disabled';
      await webhooks.disable(endpoint, 'failing', finished);
      log.warn({ failingSince: since }, 'webhook endpoint failing for too long: disabled');
    }
  }

  /** A retry (or a dead claimant's delivery) taken by the poller: attempt, then record it if the claim still holds. */
  async function attemptClaimed({ delivery, claim, endpoint }: Job): Promise<void> {
    if (!endpoint || endpoint.status !== 'enabled') {
      await deliveries.abandon(delivery, claim, endpoint ? `endpoint disabled (${endpoint.disabled_reason ?? 'manual'})` : 'endpoint deleted', now());
      return;
    }
    const o = await post(delivery, endpoint);
    await deliveries.recordAttempt(delivery, claim, o);
    await health(endpoint, delivery, o);
  }

  return {
    /**
     * First attempts of new deliveries (not yet written, `due_at` = their claim), made before any
     * store write. Resolves after `inlineWaitMs` at most: settled attempts with their outcome, the
     * others still running (their promise resolves with the outcome, not yet recorded).
     */
    async attemptFirst(jobs: { delivery: WebhookDeliveryDoc; endpoint: WebhookDoc }[]): Promise<FirstAttempt[]> {
      const settled: (AttemptOutcome | undefined)[] = new Array(jobs.length);
      const running = jobs.map(({ delivery, endpoint }, i) =>
        inSlot(async () => {
          const o = await post(delivery, endpoint);
          settled[i] = o;
          return o;
        }, delivery._id),
      );
      // Endpoint health is written after the attempts, and does not hold the batch.
      running.forEach((p, i) =>
        void p.then((o) => o && health(jobs[i].endpoint, jobs[i].delivery, o)).catch((err) => logger.error({ err, webhookId: jobs[i].endpoint._id }, 'webhook endpoint health update failed')),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(running), new Promise((r) => (timer = setTimeout(r, settings.inlineWaitMs)))]);
      clearTimeout(timer);
      return jobs.map((_, i) => (settled[i] ? { settled: settled[i] } : { running: running[i] }));
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
      for (const c of claimed) void inSlot(() => attemptClaimed({ ...c, endpoint: endpoints.get(c.delivery.webhook_id) ?? null }), c.delivery._id);
      return claimed.length;
    },
    /** Resolves once the attempt queue has room (the fan-out waits for it before taking more events). */
    room: () => new Promise<void>((r) => (hasRoom() ? r() : roomWaiters.push(r))),
    /** Resolves when nothing is queued or in flight. */
    idle: () => (active === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
