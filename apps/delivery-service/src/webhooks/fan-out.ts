import type { OutcomeEvent } from '@herald/contracts';
import type { IdAllocator } from '../store/id-allocator';
import type { WebhookDeliveryDoc } from './delivery-log-repository';
import type { DeliveryLogRepository } from './delivery-log-repository';
import type { Dispatcher } from './dispatcher';
import type { WebhookDoc, WebhookRepository } from './endpoint-repository';
import { eventBody, isWebhookEventType } from './event-body';
import type { WebhookMetrics } from './webhook-metrics';

const subscribed = (w: WebhookDoc, type: string) => w.event_types.length === 0 || w.event_types.includes(type);

/**
 * Fans a batch of outcome events out to the endpoints subscribed to them: one delivery record per
 * (endpoint, event), inserted already claimed by this process and handed to its attempt queue.
 * Safe to repeat: a redelivered event finds its records (unique per endpoint and event id) and
 * adds none; a record whose claimant died is taken by a poller after its lease. Resolves when the
 * records are written (the caller then acknowledges the events), not when they are delivered.
 */
export function createFanOut(deps: {
  webhooks: WebhookRepository;
  deliveries: DeliveryLogRepository;
  deliveryIds: IdAllocator;
  dispatcher: Dispatcher;
  now: () => Date;
  leaseMs: number;
  metrics: WebhookMetrics;
}) {
  return async function fanOut(events: OutcomeEvent[]): Promise<void> {
    const wanted = events.filter((e) => isWebhookEventType(e.type));
    if (wanted.length === 0) return;
    const endpoints = await deps.webhooks.enabledOf([...new Set(wanted.map((e) => Number(e.projectId)))]);
    if (endpoints.length === 0) return;
    const pairs: { event: OutcomeEvent; endpoint: WebhookDoc; body: string }[] = [];
    for (const event of wanted) {
      const body = eventBody(event);
      if (body === null) continue;
      for (const endpoint of endpoints) {
        if (endpoint.project_id === Number(event.projectId) && subscribed(endpoint, event.type)) pairs.push({ event, endpoint, body });
      }
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
    const inserted = await deps.deliveries.insertNew(docs);
    deps.metrics.fannedOut(inserted.length);
    const byId = new Map(endpoints.map((w) => [w._id, w]));
    await deps.dispatcher.enqueue(inserted.map((delivery) => ({ delivery, claim, endpoint: byId.get(delivery.webhook_id) ?? null })));
  };
}
