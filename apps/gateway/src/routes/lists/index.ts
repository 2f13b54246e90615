import { invalid } from '@herald/service-kit';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { dataOnly, MessageOnly, withMessage } from '../shared/schemas';
import type { RoutePlugin } from '../shared/type-provider';
import { listExamples } from './examples';
import { CreateListBody, ListKeyParams, ListSchema, PageQuery, RecipientIdsBody, SubscribeResultSchema, SubscriberPageSchema, UnsubscribeResultSchema, UpdateListBody } from './schemas';
import { decodeSubscriberCursor, encodeSubscriberCursor } from './subscriber-cursor';
import { failureView, listView } from './views';

export { default as recipientListRoutes } from './recipient-lists';

const tags = ['lists'];

/** Lists and their subscriptions (Full access). Each handler is one RPC to the recipient service. */
const listRoutes: RoutePlugin = async (app) => {
  const rpc = app.services.recipients;

  app.post(
    '/lists',
    { schema: { ...documented({ summary: 'Create a list', success: 'Created', request: listExamples.input, response: listExamples.created }), tags, body: CreateListBody, response: { 201: withMessage(ListSchema), ...errorResponses('message') } } },
    async (request, reply) => {
      const b = request.body;
      const { list } = await rpc.createList({ projectId: BigInt(request.project.id), key: b.key, name: b.name, description: b.description ?? undefined, selfService: b.self_service ?? false });
      return reply.code(201).send({ message: 'List created', data: listView(list) });
    },
  );

  app.get(
    '/lists',
    { schema: { ...documented({ summary: 'List lists', success: 'A page of lists, in key order', response: listExamples.page }), tags, querystring: PageQuery, response: { 200: dataOnly(Type.Object({ lists: Type.Array(ListSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) })), ...errorResponses('message') } } },
    async (request) => {
      const res = await rpc.listLists({ projectId: BigInt(request.project.id), limit: request.query.limit, cursor: request.query.cursor ?? '' });
      return { data: { lists: res.lists.map(listView), next_cursor: res.nextCursor || null } };
    },
  );

  app.get(
    '/lists/:list_key',
    { schema: { ...documented({ summary: 'Get a list', success: 'The list', response: listExamples.one }), tags, params: ListKeyParams, response: { 200: dataOnly(ListSchema), ...errorResponses('message') } } },
    async (request) => {
      const { list } = await rpc.getList({ projectId: BigInt(request.project.id), key: request.params.list_key });
      return { data: listView(list) };
    },
  );

  app.patch(
    '/lists/:list_key',
    { schema: { ...documented({ summary: 'Update a list', success: 'Updated', request: listExamples.patch, response: listExamples.updated }), tags, params: ListKeyParams, body: UpdateListBody, response: { 200: withMessage(ListSchema), ...errorResponses('message') } } },
    async (request) => {
      const { key, name, description, self_service } = request.body;
      if (key !== undefined && key !== request.params.list_key) {
        throw invalid('A list key cannot be changed', [
          { message: 'key cannot be changed', description: 'The key in the body must match the path', property_path: 'key', invalid_value: key },
        ], 'immutable_field');
      }
      const { list } = await rpc.updateList({
        projectId: BigInt(request.project.id),
        key: request.params.list_key,
        name,
        setDescription: description !== undefined,
        description: description ?? undefined,
        selfService: self_service,
      });
      return { message: 'List updated', data: listView(list) };
    },
  );

  app.delete(
    '/lists/:list_key',
    { schema: { ...documented({ summary: 'Delete a list and its subscriptions', success: 'Deleted', response: listExamples.deleted }), tags, params: ListKeyParams, response: { 200: MessageOnly, ...errorResponses('message') } } },
    async (request) => {
      await rpc.deleteList({ projectId: BigInt(request.project.id), key: request.params.list_key });
      return { message: 'List deleted' };
    },
  );

  app.put(
    '/lists/:list_key/subscriptions',
    { schema: { ...documented({ summary: 'Subscribe recipients to a list', success: 'What was subscribed, already subscribed or refused', description: 'Unknown recipients are created, as a direct send creates them. Idempotent: subscribing twice counts once.', request: listExamples.ids, response: listExamples.subscribed }), tags, params: ListKeyParams, body: RecipientIdsBody, response: { 200: dataOnly(SubscribeResultSchema), ...errorResponses('message') } } },
    async (request) => {
      const r = await rpc.subscribeToList({ projectId: BigInt(request.project.id), listKey: request.params.list_key, recipientIds: request.body.recipient_ids });
      return { data: { subscribed: r.subscribed, already: r.already, failed: r.failed.map(failureView) } };
    },
  );

  app.delete(
    '/lists/:list_key/subscriptions',
    { schema: { ...documented({ summary: 'Unsubscribe recipients from a list', success: 'What was unsubscribed, not subscribed or refused', request: { recipient_ids: ['user-42', 'user-43'] }, response: listExamples.unsubscribed }), tags, params: ListKeyParams, body: RecipientIdsBody, response: { 200: dataOnly(UnsubscribeResultSchema), ...errorResponses('message') } } },
    async (request) => {
      const r = await rpc.unsubscribeFromList({ projectId: BigInt(request.project.id), listKey: request.params.list_key, recipientIds: request.body.recipient_ids });
      return { data: { unsubscribed: r.unsubscribed, already: r.already, failed: r.failed.map(failureView) } };
    },
  );

  app.get(
    '/lists/:list_key/subscriptions',
    { schema: { ...documented({ summary: "List a list's subscribers", success: 'A page of subscribers, in recipient id order', response: listExamples.subscribers }), tags, params: ListKeyParams, querystring: PageQuery, response: { 200: dataOnly(SubscriberPageSchema), ...errorResponses('message') } } },
    async (request) => {
      const after = decodeSubscriberCursor(request.query.cursor);
      const page = await rpc.listSubscribers({ projectId: BigInt(request.project.id), listKey: request.params.list_key, afterRecipientId: after, limit: request.query.limit });
      const next = page.next ? encodeSubscriberCursor(page.next) : null;
      return { data: { subscribers: page.recipientIds.map((id) => ({ recipient_id: id })), next_cursor: next } };
    },
  );
};

export default listRoutes;
