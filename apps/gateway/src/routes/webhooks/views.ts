import { formatProtoTimestamp, type Webhook, type WebhookDelivery } from '@herald/contracts';

export const webhookView = (w: Webhook) => ({
  id: Number(w.id),
  url: w.url,
  description: w.description ?? null,
  event_types: w.eventTypes,
  status: w.status as 'enabled' | 'disabled',
  disabled_reason: (w.disabledReason ?? null) as 'gone' | 'failing' | 'manual' | null,
  failing_since: formatProtoTimestamp(w.failingSince),
  created_at: formatProtoTimestamp(w.createdAt)!,
  updated_at: formatProtoTimestamp(w.updatedAt)!,
});

export const deliveryView = (d: WebhookDelivery) => ({
  id: Number(d.id),
  webhook_id: Number(d.webhookId),
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status as 'pending' | 'succeeded' | 'failed',
  attempts: d.attempts,
  last_response_status: d.lastResponseStatus ?? null,
  last_latency_ms: d.lastLatencyMs === undefined ? null : Number(d.lastLatencyMs),
  last_response_body: d.lastResponseBody ?? null,
  last_error: d.lastError ?? null,
  next_attempt_at: formatProtoTimestamp(d.nextAttemptAt),
  attempt_log: d.attemptLog.map((a) => ({ at: formatProtoTimestamp(a.at)!, response_status: a.responseStatus ?? null, latency_ms: Number(a.latencyMs), error: a.error ?? null })),
  created_at: formatProtoTimestamp(d.createdAt)!,
  updated_at: formatProtoTimestamp(d.updatedAt)!,
});
