import type { OutcomeEvent } from '@herald/contracts';
import type { Logger } from '@herald/service-kit';
import type { IdAllocator } from '../kernel/id-allocator';
import { afterAttempt, deferred, type DeliveryLogRepository, type WebhookDeliveryDoc } from './delivery-log-repository';
import { isDeferral, type Dispatcher } from './dispatcher';
import type { WebhookDoc, WebhookRepository } from './endpoint-repository';
import { eventBody, isWebhookEventType } from './event-body';
import type { WebhookMetrics } from './webhook-metrics';

const subscribed = (w: WebhookDoc, type: string) => w.event_types.length === 0 || w.event_types.includes(type);

/** An outcome event as the fan-out gets it: `redelivered` when JetStream delivers it again (its records may exist). */
export interface FanOutEvent {
  event: OutcomeEvent;
  redelivered: boolean;
}

/**
 * Fans a batch of outcome events out to the endpoints subscribed to them, attempting first and
 * writing after: each (endpoint, event) is attempted at once, then one insert records the batch's
 * deliveries with their first attempt (succeeded, failed, or pending with the next attempt's time),
 * so the common case costs one store write per batch, not two per delivery. An attempt still
 * running after the inline wait is inserted claimed by this process and updated when it ends (as a
 * poller's retry is). An attempt the dispatcher puts off (its endpoint backed off by its breaker,
 * or its project or endpoint out of room) is inserted pending and unclaimed, due when it may be
 * made, with no attempt counted. Resolves when the records are written (the caller then acknowledges the
 * events). At least once: a process that dies between an attempt and the insert leaves the event
 * unacknowledged, so it is fanned out (and attempted) again; a redelivered event whose records
 * were written (the ack was lost) finds them (unique per endpoint and event id) and adds none.
 */
export function createFanOut(deps: {
  webhooks: WebhookRepository;
  /** Payloads of notifications (outcome events are slim): read once per batch, only for events an endpoint gets. */
  payloadsOf: (projectId: number, ids: number[]) => Promise<Map<number, string | null>>;
  deliveries: DeliveryLogRepository;
  deliveryIds: IdAllocator;
  dispatcher: Dispatcher;
  now: () => Date;
  leaseMs: number;
  metrics: WebhookMetrics;
  logger: Logger;
}) {
  return async function fanOut(batch: FanOutEvent[]): Promise<void> {
    const wanted = batch.filter((e) => isWebhookEventType(e.event.type));
    if (wanted.length === 0) return;
    const endpoints = await deps.webhooks.enabledOf([...new Set(wanted.map((e) => Number(e.event.projectId)))]);
    if (endpoints.length === 0) return;
    const subscribedTo = (event: OutcomeEvent) => endpoints.some((w) => w.project_id === Number(event.projectId) && subscribed(w, event.type));
    const delivered = wanted.filter((e) => subscribedTo(e.event));
    await fillPayloads(
      delivered.map((e) => e.event),
      deps.payloadsOf,
    );
    let pairs: { event: OutcomeEvent; redelivered: boolean; endpoint: WebhookDoc; body: string }[] = [];
    for (const { event, redelivered } of delivered) {
      const body = eventBody(event, deps.now());
      if (body === null) continue;
      for (const endpoint of endpoints) {
        if (endpoint.project_id === Number(event.projectId) && subscribed(endpoint, event.type)) pairs.push({ event, redelivered, endpoint, body });
      }
    }
    const again = pairs.filter((p) => p.redelivered).map((p) => ({ webhookId: p.endpoint._id, eventId: p.event.id }));
    if (again.length > 0) {
      const recorded = await deps.deliveries.existing(again);
      pairs = pairs.filter((p) => !recorded.has(`${p.endpoint._id}:${p.event.id}`));
    }
    if (pairs.length === 0) return;
    const first = await deps.deliveryIds.block(pairs.length);
    const at = deps.now();
    const claim = new Date(at.getTime() + deps.leaseMs);
    const docs: WebhookDeliveryDoc[] = pairs.map((p, i) => ({
      _id: first + i,
      project_id: p.endpoint.project_id,
      webhook_id: p.endpoint._id,
      event_id: p.event.id,
      event_type: p.event.type,
      body: p.body,
      status: 'pending',
      attempts: 0,
      attempt_log: [],
      last_response_status: null,
      last_latency_ms: null,
      last_response_body: null,
      last_error: null,
      next_attempt_at: at,
      due_at: claim,
      created_at: at,
      updated_at: at,
    }));
    const attempts = await deps.dispatcher.attemptFirst(docs.map((delivery, i) => ({ delivery, endpoint: pairs[i].endpoint })));
    const records = docs.map((d, i) => {
      const a = attempts[i];
      return 'settled' in a ? afterAttempt(d, a.settled) : 'deferred' in a ? deferred(d, a.deferred.deferredUntil) : d;
    });
    const inserted = new Set((await deps.deliveries.insertNew(records)).map((d) => d._id));
    deps.metrics.fannedOut(inserted.size);
    // Attempts still running when the batch was written: recorded when they end, if the claim still holds.
    docs.forEach((d, i) => {
      const a = attempts[i];
      if ('running' in a && inserted.has(d._id)) {
        void a.running
          .then((o) => o && (isDeferral(o) ? deps.deliveries.defer(d, claim, o.deferredUntil, deps.now()) : deps.deliveries.recordAttempt(d, claim, o)))
          .catch((err) => deps.logger.error({ err, deliveryId: d._id }, 'webhook attempt not recorded (attempted again after its lease)'));
      }
    });
    await deps.dispatcher.room();
  };
}

/** Fills in the payloads of slim events (one read per project), in place. */
async function fillPayloads(events: OutcomeEvent[], payloadsOf: (projectId: number, ids: number[]) => Promise<Map<number, string | null>>): Promise<void> {
  const byProject = new Map<number, OutcomeEvent[]>();
  for (const e of events) if (e.payloadOmitted && e.notification) byProject.set(Number(e.projectId), [...(byProject.get(Number(e.projectId)) ?? []), e]);
  await Promise.all(
    [...byProject].map(async ([projectId, list]) => {
      const found = await payloadsOf(projectId, [...new Set(list.map((e) => Number(e.notification!.id)))]);
      for (const e of list) e.notification!.payloadJson = found.get(Number(e.notification!.id)) ?? undefined;
    }),
  );
}
