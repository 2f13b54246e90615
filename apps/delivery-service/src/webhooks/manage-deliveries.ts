import { invalid, notFound } from '@herald/service-kit';
import { WEBHOOK_TEST_EVENT } from '@herald/contracts';
import type { IdAllocator } from '../kernel/id-allocator';
import type { DeliveryLogRepository, WebhookDeliveryDoc, WebhookDeliveryStatus } from './delivery-log-repository';
import type { WebhookRepository } from './endpoint-repository';
import { testEventBody } from './event-body';
import { webhookNotFound } from './manage-endpoints';

const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'succeeded', 'failed'];
export const DELIVERIES_PAGE_DEFAULT = 20;
export const DELIVERIES_PAGE_MAX = 100;

const deliveryNotFound = () => notFound('webhook_delivery_not_found', 'Delivery not found');

/** The delivery log's use cases: a test event, the log (newest first, cursor paging, status filter), a retry. */
export function createDeliveryUseCases({ webhooks, deliveries, deliveryIds, now }: { webhooks: WebhookRepository; deliveries: DeliveryLogRepository; deliveryIds: IdAllocator; now: () => Date }) {
  const endpoint = async (projectId: number, id: number) => (await webhooks.get(projectId, id)) ?? Promise.reject(webhookNotFound());
  return {
    /** Queues a `webhook.test` event for the endpoint (attempted within the poll interval). */
    async test(projectId: number, webhookId: number): Promise<WebhookDeliveryDoc> {
      await endpoint(projectId, webhookId);
      const at = now();
      const id = await deliveryIds.next();
      const doc: WebhookDeliveryDoc = {
        _id: id,
        project_id: projectId,
        webhook_id: webhookId,
        event_id: `t:${webhookId}:${id}`,
        event_type: WEBHOOK_TEST_EVENT,
        body: testEventBody(webhookId, at),
        status: 'pending',
        attempts: 0,
        attempt_log: [],
        last_response_status: null,
        last_latency_ms: null,
        last_response_body: null,
        last_error: null,
        next_attempt_at: at,
        due_at: at,
        created_at: at,
        updated_at: at,
      };
      await deliveries.insertNew([doc]);
      return doc;
    },
    async list(projectId: number, webhookId: number, q: { limit: number; cursor: string; status: string }): Promise<{ deliveries: WebhookDeliveryDoc[]; nextCursor: string | null }> {
      const limit = q.limit === 0 ? DELIVERIES_PAGE_DEFAULT : q.limit;
      if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERIES_PAGE_MAX) {
        throw invalid(`limit must be an integer from 1 to ${DELIVERIES_PAGE_MAX}`, [{ message: 'limit out of range', description: `1 to ${DELIVERIES_PAGE_MAX}`, property_path: 'limit', invalid_value: q.limit }]);
      }
      if (q.cursor !== '' && !/^[1-9]\d{0,15}$/.test(q.cursor)) {
        throw invalid('cursor is not one this API returned', [{ message: 'invalid cursor', description: 'a next_cursor from a previous page', property_path: 'cursor', invalid_value: q.cursor }]);
      }
      if (q.status !== '' && !STATUSES.includes(q.status as WebhookDeliveryStatus)) {
        throw invalid(`status must be one of ${STATUSES.join(', ')}`, [{ message: 'unknown status', description: STATUSES.join(', '), property_path: 'status', invalid_value: q.status }]);
      }
      await endpoint(projectId, webhookId);
      const page = await deliveries.page(webhookId, { limit: limit + 1, beforeId: q.cursor === '' ? null : Number(q.cursor), status: (q.status || null) as WebhookDeliveryStatus | null });
      const more = page.length > limit;
      const items = page.slice(0, limit);
      return { deliveries: items, nextCursor: more ? String(items[items.length - 1]._id) : null };
    },
    /** Makes a delivery due now (pending again if it had settled): one more attempt at least. */
    async retry(projectId: number, webhookId: number, id: number): Promise<WebhookDeliveryDoc> {
      await endpoint(projectId, webhookId);
      return (await deliveries.retryNow(projectId, webhookId, id, now())) ?? Promise.reject(deliveryNotFound());
    },
  };
}

export type DeliveryUseCases = ReturnType<typeof createDeliveryUseCases>;
