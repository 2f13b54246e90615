import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { pathIdOr404 } from '../shared/path-id';
import { dataOnly, MessageOnly, Nullable, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { CreateWebhookBody, DeliveriesQuery, DeliveryParams, UpdateWebhookBody, WebhookDeliverySchema, WebhookParams, WebhookSchema, WebhookWithSecretSchema } from './schemas';
import { deliveryView, webhookView } from './views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { webhookExamples } from './examples';
import { assertPublicWebhookHost } from './webhook-host';

const tags = ['webhooks'];
const errors = errorResponses('message');
const webhookId = (raw: string) => BigInt(pathIdOr404(raw, 'webhook_not_found', 'Webhook not found'));

/**
 * Webhook endpoints and their delivery log (docs/webhooks.md): Full key, `message` family. The
 * signing secret is in the responses of create and rotate_secret only.
 */
const webhookRoutes: RoutePlugin = async (app) => {
  const hooks = app.services.webhooks;
  const project = (request: { project: { id: number } }) => BigInt(request.project.id);
  const allowPrivate = app.config.WEBHOOK_ALLOW_PRIVATE ?? false;
  /**
   * Tests and retries each make a request to the project's endpoint: a per-project budget
   * (`WEBHOOK_ACTIONS_PER_SECOND`, burst 2×, across replicas) on top of the key's rate limit, so a
   * key cannot turn Herald into a flood of a third party's URL. Checked once the ids are valid.
   */
  const actionBudget = (request: { project: { id: number } }) =>
    app.limitRate(`webhook-actions:${request.project.id}`, app.config.WEBHOOK_ACTIONS_PER_SECOND ?? 2, 'Too many webhook tests and retries for this project, retry later');

  app.post('/webhooks', { schema: { ...documented({ summary: 'Register a webhook endpoint', success: 'Created, with its signing secret (shown once)', request: webhookExamples.input, response: webhookExamples.created }), tags, body: CreateWebhookBody, response: { 201: withMessage(WebhookWithSecretSchema), ...errors } } }, async (request, reply) => {
    const b = request.body;
    assertPublicWebhookHost(b.url, allowPrivate);
    const r = await hooks.createWebhook({ projectId: project(request), url: b.url, description: b.description ?? undefined, eventTypes: b.event_types ?? [] });
    return reply.code(201).send({ message: 'Webhook created', data: { webhook: webhookView(r.webhook!), secret: r.secret } });
  });

  app.get('/webhooks', { schema: { ...documented({ summary: 'List webhook endpoints', success: 'The endpoints', response: webhookExamples.list }), tags, response: { 200: dataOnly(Type.Object({ webhooks: Type.Array(WebhookSchema) })), ...errors } } }, async (request) => {
    const r = await hooks.listWebhooks({ projectId: project(request) });
    return { data: { webhooks: r.webhooks.map(webhookView) } };
  });

  app.get('/webhooks/:id', { schema: { ...documented({ summary: 'Get a webhook endpoint', success: 'The endpoint', response: webhookExamples.one }), tags, params: WebhookParams, response: { 200: dataOnly(WebhookSchema), ...errors } } }, async (request) => {
    const r = await hooks.getWebhook({ projectId: project(request), id: webhookId(request.params.id) });
    return { data: webhookView(r.webhook!) };
  });

  app.patch('/webhooks/:id', { schema: { ...documented({ summary: 'Change a webhook endpoint', success: 'Updated', request: webhookExamples.patch, response: webhookExamples.updated }), tags, params: WebhookParams, body: UpdateWebhookBody, response: { 200: withMessage(WebhookSchema), ...errors } } }, async (request) => {
    const b = request.body;
    assertPublicWebhookHost(b.url, allowPrivate);
    const r = await hooks.updateWebhook({
      projectId: project(request),
      id: webhookId(request.params.id),
      url: b.url,
      description: b.description === undefined ? undefined : (b.description ?? ''),
      eventTypes: b.event_types === undefined ? undefined : { values: b.event_types },
      enabled: b.enabled,
    });
    return { message: 'Webhook updated', data: webhookView(r.webhook!) };
  });

  app.delete('/webhooks/:id', { schema: { ...documented({ summary: 'Remove a webhook endpoint', success: 'Removed', response: webhookExamples.deleted }), tags, params: WebhookParams, response: { 200: MessageOnly, ...errors } } }, async (request) => {
    await hooks.deleteWebhook({ projectId: project(request), id: webhookId(request.params.id) });
    return { message: 'Webhook deleted' };
  });

  app.post(
    '/webhooks/:id/rotate_secret',
    { schema: { ...documented({ summary: 'Rotate an endpoint\'s signing secret', success: 'The new secret (shown once)', response: webhookExamples.rotated }), tags, params: WebhookParams, response: { 200: withMessage(WebhookWithSecretSchema), ...errors } } },
    async (request) => {
      const r = await hooks.rotateWebhookSecret({ projectId: project(request), id: webhookId(request.params.id) });
      return { message: 'Secret rotated; the previous secret signs alongside it for 24 hours', data: { webhook: webhookView(r.webhook!), secret: r.secret } };
    },
  );

  app.post('/webhooks/:id/test', { schema: { ...documented({ summary: 'Send a test event to an endpoint', success: 'The attempt', response: webhookExamples.test }), tags, params: WebhookParams, response: { 200: withMessage(WebhookDeliverySchema), ...errors } } }, async (request) => {
    const id = webhookId(request.params.id);
    actionBudget(request);
    const r = await hooks.testWebhook({ projectId: project(request), id });
    return { message: 'Test event queued', data: deliveryView(r.delivery!) };
  });

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: { ...documented({ summary: 'List an endpoint\'s deliveries', success: 'A page of deliveries', response: webhookExamples.deliveries }),
        tags,
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: dataOnly(Type.Object({ deliveries: Type.Array(WebhookDeliverySchema), next_cursor: Nullable(Type.String()) })), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const r = await hooks.listWebhookDeliveries({ projectId: project(request), webhookId: webhookId(request.params.id), limit: q.limit, cursor: q.cursor ?? '', status: q.status ?? '' });
      return { data: { deliveries: r.deliveries.map(deliveryView), next_cursor: r.nextCursor || null } };
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    { schema: { ...documented({ summary: 'Retry a delivery', success: 'Queued again', response: webhookExamples.retried }), tags, params: DeliveryParams, response: { 200: withMessage(WebhookDeliverySchema), ...errors } } },
    async (request) => {
      const id = webhookId(request.params.id);
      const deliveryId = BigInt(pathIdOr404(request.params.delivery_id, 'webhook_delivery_not_found', 'Delivery not found'));
      actionBudget(request);
      const r = await hooks.retryWebhookDelivery({ projectId: project(request), webhookId: id, id: deliveryId });
      return { message: 'Delivery queued for another attempt', data: deliveryView(r.delivery!) };
    },
  );
};

export default webhookRoutes;
