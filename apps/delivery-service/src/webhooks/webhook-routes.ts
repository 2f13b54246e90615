import type { ConnectRouter } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { WebhookService } from '@herald/contracts';
import type { WebhookDeliveryDoc } from './delivery-log-repository';
import type { WebhookDoc } from './endpoint-repository';
import type { DeliveryUseCases } from './manage-deliveries';
import type { EndpointUseCases } from './manage-endpoints';

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);
const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

const toPbWebhook = (w: WebhookDoc) => ({
  id: BigInt(w._id),
  url: w.url,
  description: opt(w.description),
  eventTypes: w.event_types,
  status: w.status,
  disabledReason: opt(w.disabled_reason),
  failingSince: ts(w.failing_since),
  createdAt: ts(w.created_at),
  updatedAt: ts(w.updated_at),
});

const toPbDelivery = (d: WebhookDeliveryDoc) => ({
  id: BigInt(d._id),
  webhookId: BigInt(d.webhook_id),
  eventId: d.event_id,
  eventType: d.event_type,
  status: d.status,
  attempts: d.attempts,
  lastResponseStatus: opt(d.last_response_status),
  lastLatencyMs: d.last_latency_ms === null ? undefined : BigInt(d.last_latency_ms),
  lastResponseBody: opt(d.last_response_body),
  lastError: opt(d.last_error),
  nextAttemptAt: d.status === 'pending' ? ts(d.next_attempt_at) : undefined,
  createdAt: ts(d.created_at),
  updatedAt: ts(d.updated_at),
  attemptLog: d.attempt_log.map((a) => ({ at: ts(a.at), responseStatus: opt(a.response_status), latencyMs: BigInt(a.latency_ms), error: opt(a.error) })),
});

/** WebhookService: each handler maps the request, calls one use case, maps the result. */
export const webhookRoutes = (endpoints: EndpointUseCases, deliveries: DeliveryUseCases) => (router: ConnectRouter) =>
  router.service(WebhookService, {
    async createWebhook(req) {
      const r = await endpoints.create({ projectId: Number(req.projectId), url: req.url, description: req.description, eventTypes: req.eventTypes });
      return { webhook: toPbWebhook(r.webhook), secret: r.secret };
    },
    async listWebhooks(req) {
      return { webhooks: (await endpoints.list(Number(req.projectId))).map(toPbWebhook) };
    },
    async getWebhook(req) {
      return { webhook: toPbWebhook(await endpoints.get(Number(req.projectId), Number(req.id))) };
    },
    async updateWebhook(req) {
      const w = await endpoints.update(Number(req.projectId), Number(req.id), {
        url: req.url,
        description: req.description,
        eventTypes: req.eventTypes?.values,
        enabled: req.enabled,
      });
      return { webhook: toPbWebhook(w) };
    },
    async deleteWebhook(req) {
      await endpoints.remove(Number(req.projectId), Number(req.id));
      return {};
    },
    async rotateWebhookSecret(req) {
      const r = await endpoints.rotate(Number(req.projectId), Number(req.id));
      return { webhook: toPbWebhook(r.webhook), secret: r.secret };
    },
    async testWebhook(req) {
      return { delivery: toPbDelivery(await deliveries.test(Number(req.projectId), Number(req.id))) };
    },
    async listWebhookDeliveries(req) {
      const page = await deliveries.list(Number(req.projectId), Number(req.webhookId), { limit: req.limit, cursor: req.cursor, status: req.status });
      return { deliveries: page.deliveries.map(toPbDelivery), nextCursor: page.nextCursor ?? '' };
    },
    async retryWebhookDelivery(req) {
      return { delivery: toPbDelivery(await deliveries.retry(Number(req.projectId), Number(req.webhookId), Number(req.id))) };
    },
  });
