import { signWebhook } from '@herald/webhook-signature';
import { BreakerOpenError, createBreaker, type Breaker, type Clock, type Logger } from '@herald/service-kit';
import { LRUCache } from 'lru-cache';
import { createAttemptScheduler } from './attempt-scheduler';
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
  /** Attempts in flight at once for one project (the others keep the rest). */
  projectConcurrency: number;
  /** Attempts in flight at once to one endpoint. */
  endpointConcurrency: number;
  /** The budget of one attempt: a delivery is attempted only while its claim has at least this long left. */
  timeoutMs: number;
  /** The breaker of each endpoint: consecutive failed (or slow) attempts that back it off, for how long at first and at most. */
  breaker: { failures: number; openMs: number; maxOpenMs: number; slowMs: number };
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

/**
 * An attempt not made: its endpoint is backed off (`breaker`, until its breaker lets a trial
 * through) or its project or endpoint has as many attempts waiting as it may (`busy`, due now: the
 * poller takes it when there is room). The delivery's attempt count and schedule are untouched.
 */
export interface Deferral {
  deferredUntil: Date;
  reason: 'breaker' | 'busy';
}
export const isDeferral = (o: AttemptOutcome | Deferral): o is Deferral => 'deferredUntil' in o;

/** A first attempt started by the fan-out: settled (or deferred) within the inline wait, or still running (null: not made, its claim ran short). */
export type FirstAttempt = { settled: AttemptOutcome } | { deferred: Deferral } | { running: Promise<AttemptOutcome | Deferral | null> };

/** Endpoints whose breaker is remembered per process (least recently used out: it comes back closed). */
const BREAKERS_KEPT = 10_000;

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
  /** Told of each attempt made (the overview's counters). */
  countAttempt?: (projectId: number, at: Date, succeeded: boolean) => void;
}) {
  const { webhooks, deliveries, send, now, settings, logger, metrics } = deps;
  const clock: Clock = { now: () => now().getTime(), date: now };
  const perProject = Math.max(1, Math.min(settings.projectConcurrency, settings.concurrency));
  const perEndpoint = Math.max(1, Math.min(settings.endpointConcurrency, perProject));
  const slots = createAttemptScheduler({
    total: settings.concurrency,
    perProject,
    perEndpoint,
    queuedPerProject: 4 * perProject,
    queuedPerEndpoint: 4 * perEndpoint,
    queuedTotal: 8 * settings.concurrency,
  });
  type Posted = AttemptOutcome & { r: AttemptResult };
  const ok = (r: AttemptResult) => r.status !== null && r.status >= 200 && r.status < 300;
  const breakers = new LRUCache<number, Breaker<Posted>>({ max: BREAKERS_KEPT });
  const breakerOf = (webhookId: number): Breaker<Posted> => {
    let b = breakers.get(webhookId);
    if (!b) {
      b = createBreaker<Posted>({
        consecutiveFailures: settings.breaker.failures,
        halfOpenAfterMs: settings.breaker.openMs,
        maxOpenMs: settings.breaker.maxOpenMs,
        failedResult: (o) => !ok(o.r) || o.r.latencyMs >= settings.breaker.slowMs,
        onStateChange: (state, openMs) => {
          if (state === 'open') logger.warn({ webhookId, openMs }, 'webhook endpoint backed off: its recent attempts failed or were slow');
          else if (state === 'closed') logger.info({ webhookId }, 'webhook endpoint answers again: no longer backed off');
        },
        clock,
      });
      breakers.set(webhookId, b);
    }
    return b;
  };
  const deferral = (reason: Deferral['reason'], until: Date): Deferral => {
    metrics.deferred(reason);
    return { deferredUntil: until, reason };
  };

  /** Runs `fn` in an attempt slot of its project and endpoint; resolves with its result (null when it failed unexpectedly, logged), or false when there is no room. */
  const inSlot = <T>(projectId: number, webhookId: number, deliveryId: number, fn: () => Promise<T>): Promise<T | null> | false => {
    let resolve!: (v: T | null) => void;
    const result = new Promise<T | null>((r) => (resolve = r));
    const run = () =>
      fn().then(resolve, (err) => {
        logger.error({ err, deliveryId }, 'webhook attempt failed unexpectedly (retried after its lease)');
        resolve(null);
      });
    return slots.offer({ projectId, webhookId, run }) ? result : false;
  };

  /** Signs and POSTs the delivery's body; the outcome says what comes next. */
  async function post(delivery: WebhookDeliveryDoc, endpoint: WebhookDoc): Promise<Posted> {
    const at = now();
    const timestamp = Math.floor(at.getTime() / 1000);
    const signature = signWebhook(signingSecrets(endpoint, at), delivery.event_id, timestamp, delivery.body);
    const r = await send({
      url: endpoint.url,
      body: delivery.body,
      headers: { 'webhook-id': delivery.event_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
    });
    const attempts = delivery.attempts + 1;
    const finished = now();
    let next: AttemptOutcome['next'];
    if (ok(r)) next = { status: 'succeeded', nextAttemptAt: null };
    else if (r.status === 410) next = { status: 'failed', nextAttemptAt: null };
    else {
      const delay = nextAttemptDelayMs({ schedule: settings.schedule, attempts, status: r.status, retryAfterMs: r.retryAfterMs });
      next = delay === null ? { status: 'failed', nextAttemptAt: null } : { status: 'pending', nextAttemptAt: new Date(finished.getTime() + delay) };
    }
    const error = r.error ?? (ok(r) ? null : r.status !== null && r.status >= 300 && r.status < 400 ? `redirect (${r.status}) not followed` : `HTTP ${r.status}`);
    metrics.attempt(ok(r) ? 'succeeded' : next.status === 'pending' ? 'retried' : 'failed', r.latencyMs);
    deps.countAttempt?.(delivery.project_id, finished, ok(r));
    return { r, entry: { at, response_status: r.status, latency_ms: r.latencyMs, error }, responseBody: r.body, next, finished };
  }

  /**
   * One attempt, as its slot comes: not made when the claim has less than one attempt's budget left
   * (null: whoever takes the delivery after the lease makes it), deferred while the endpoint's
   * breaker holds it off, else posted through the breaker.
   */
  async function attempt(delivery: WebhookDeliveryDoc, endpoint: WebhookDoc, claim: Date): Promise<Posted | Deferral | null> {
    if (claim.getTime() - now().getTime() < settings.timeoutMs) {
      logger.warn({ deliveryId: delivery._id, webhookId: endpoint._id }, 'webhook attempt waited too long for a slot: left to the next claim');
      return null;
    }
    try {
      return await breakerOf(endpoint._id).execute(() => post(delivery, endpoint));
    } catch (err) {
      if (err instanceof BreakerOpenError) return deferral('breaker', new Date(err.retryAt));
      throw err;
    }
  }

  /**
   * Endpoint health after an attempt. `endpoint` is the caller's copy, shared by the attempts of a
   * batch or poll: it is updated in memory first, so a burst of failures writes `failing_since` once.
   */
  async function health(endpoint: WebhookDoc, delivery: WebhookDeliveryDoc, o: Posted): Promise<void> {
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

  /** A retry (or a dead claimant's delivery) taken by the poller: attempt, then record it (or its deferral) if the claim still holds. */
  async function attemptClaimed({ delivery, claim, endpoint }: Job): Promise<void> {
    if (!endpoint || endpoint.status !== 'enabled') {
      await deliveries.abandon(delivery, claim, endpoint ? `endpoint disabled (${endpoint.disabled_reason ?? 'manual'})` : 'endpoint deleted', now());
      return;
    }
    const o = await attempt(delivery, endpoint, claim);
    if (o === null) return;
    if (isDeferral(o)) return deliveries.defer(delivery, claim, o.deferredUntil, now());
    await deliveries.recordAttempt(delivery, claim, o);
    await health(endpoint, delivery, o);
  }

  /** How many more deliveries of this endpoint the poller may take now (0 while its breaker holds it off; 1 for a trial). */
  const pollRoom = (projectId: number, webhookId: number): number => {
    const b = breakers.peek(webhookId);
    if (b && !b.check().allowed) return 0;
    const room = slots.roomFor(projectId, webhookId);
    return b && b.state !== 'closed' ? Math.min(1, room) : room;
  };

  return {
    /**
     * First attempts of new deliveries (not yet written, `due_at` = their claim), made before any
     * store write. Resolves after `inlineWaitMs` at most: settled (or deferred) attempts with their
     * outcome, the others still running (their promise resolves with the outcome, not yet recorded).
     */
    async attemptFirst(jobs: { delivery: WebhookDeliveryDoc; endpoint: WebhookDoc }[]): Promise<FirstAttempt[]> {
      const settled: (AttemptOutcome | Deferral | undefined)[] = new Array(jobs.length);
      const running = jobs.map(({ delivery, endpoint }, i) => {
        const b = breakerOf(endpoint._id).check();
        if (!b.allowed) return (settled[i] = deferral('breaker', new Date(b.retryAt)));
        const p = inSlot<AttemptOutcome | Deferral | null>(endpoint.project_id, endpoint._id, delivery._id, async () => {
          const o = await attempt(delivery, endpoint, delivery.due_at!);
          if (o) settled[i] = o;
          if (o && !isDeferral(o)) {
            // Endpoint health is written after the attempt, and does not hold the batch.
            void health(endpoint, delivery, o).catch((err) => logger.error({ err, webhookId: endpoint._id }, 'webhook endpoint health update failed'));
          }
          return o;
        });
        return p === false ? (settled[i] = deferral('busy', now())) : p;
      });
      const pending = running.filter((p): p is Promise<AttemptOutcome | Deferral | null> => p instanceof Promise);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(pending), new Promise((r) => (timer = setTimeout(r, settings.inlineWaitMs)))]);
      clearTimeout(timer);
      return jobs.map((_, i): FirstAttempt => {
        const o = settled[i];
        if (o) return isDeferral(o) ? { deferred: o } : { settled: o };
        return { running: running[i] as Promise<AttemptOutcome | Deferral | null> };
      });
    },
    /**
     * One poll: claims due deliveries, as many as their projects and endpoints have room for (none
     * of an endpoint whose breaker holds it off), and queues them; returns how many.
     */
    async pollOnce(): Promise<number> {
      if (!slots.hasRoom()) return 0;
      const full = slots.full();
      const open = [...breakers.entries()].filter(([, b]) => !b.check().allowed).map(([id]) => id);
      const due = await deliveries.due(now(), settings.pollBatch, { notProjects: full.projects, notWebhooks: [...full.webhooks, ...open] });
      const taken = new Map<number, number>();
      const wanted = due.filter((d) => {
        const n = taken.get(d.webhook_id) ?? 0;
        if (n >= pollRoom(d.project_id, d.webhook_id)) return false;
        taken.set(d.webhook_id, n + 1);
        return true;
      });
      const claimed: { delivery: WebhookDeliveryDoc; claim: Date }[] = [];
      for (const d of wanted) {
        const claim = new Date(now().getTime() + settings.leaseMs);
        if (await deliveries.claim(d, claim)) claimed.push({ delivery: d, claim });
      }
      if (claimed.length === 0) return 0;
      const endpoints = new Map((await webhooks.byIds([...new Set(claimed.map((c) => c.delivery.webhook_id))])).map((w) => [w._id, w]));
      for (const c of claimed) {
        const job = { ...c, endpoint: endpoints.get(c.delivery.webhook_id) ?? null };
        const queued = inSlot(c.delivery.project_id, c.delivery.webhook_id, c.delivery._id, () => attemptClaimed(job));
        // No room after all (the fan-out filled it meanwhile): due again at once, for the next poll.
        if (queued === false) await deliveries.defer(c.delivery, c.claim, now(), now());
      }
      return claimed.length;
    },
    /** Resolves once the attempt queue has room (the fan-out waits for it before taking more events). */
    room: () => slots.room(),
    /** Resolves when nothing is queued or in flight. */
    idle: () => slots.idle(),
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
