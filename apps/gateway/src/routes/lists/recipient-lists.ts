import { invalid, notFound, violation } from '@herald/service-kit';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { RecipientIdParams } from '../recipients/schemas';
import { dataOnly, MessageOnly } from '../shared/schemas';
import type { RoutePlugin } from '../shared/type-provider';
import { listExamples } from './examples';
import { RecipientListParams, RecipientListsQuery, RecipientListsSchema } from './schemas';
import { listView } from './views';

const tags = ['lists'];
/** A path id that fails the recipient id rules names no recipient. */
const recipientNotFound = () => notFound('recipient_not_found', 'Recipient not found');
/** The lists a recipient is on come in one answer: only the self-service listing is paged. */
const pagingNeedsSelfService = (query: { limit?: number; cursor?: string }) => {
  const [param, value] = query.limit !== undefined ? ['limit', query.limit] : ['cursor', query.cursor];
  return invalid('limit and cursor apply to self_service=true only', [violation(param, `${param} needs self_service=true`, value)]);
};

/**
 * A recipient's own view of lists (Full or Recipient key, or the recipient's token): the lists
 * they are on, the self-service lists they may follow, and subscribing or unsubscribing themselves.
 * A token may change only lists marked self_service (others: 403 list_not_self_service), so a
 * browser can offer "follow this".
 */
const recipientListRoutes: RoutePlugin = async (app) => {
  const rpc = app.services.recipients;
  const access = 'recipient' as const;
  const change = (request: FastifyRequest, params: { recipient_id: string; list_key: string }) => ({
    projectId: BigInt(request.project.id),
    listKey: params.list_key,
    recipientIds: [params.recipient_id],
    byRecipientToken: request.principal.kind === 'token',
  });

  app.get(
    '/recipients/:recipient_id/lists',
    { config: { access }, schema: { ...documented({ summary: "List a recipient's lists", success: 'The lists the recipient is subscribed to, in key order (with self_service=true: a page of the self-service lists, each with subscribed)', response: listExamples.recipientLists }), tags, params: RecipientIdParams, querystring: RecipientListsQuery, response: { 200: dataOnly(RecipientListsSchema), ...errorResponses('message') } } },
    async (request) => {
      const projectId = BigInt(request.project.id);
      const { recipient_id: recipientId } = request.params;
      const { self_service: selfService, limit, cursor } = request.query;
      if (selfService === true) {
        const page = await rpc.listSelfServiceLists({ projectId, recipientId, limit, cursor: cursor ?? '' });
        return { data: { lists: page.lists.map((l) => ({ ...listView(l.list), subscribed: l.subscribed })), next_cursor: page.nextCursor || null } };
      }
      if (limit !== undefined || cursor !== undefined) throw pagingNeedsSelfService(request.query);
      const { lists } = await rpc.listRecipientLists({ projectId, recipientId });
      return { data: { lists: lists.map(listView) } };
    },
  );

  app.put(
    '/recipients/:recipient_id/lists/:list_key',
    { config: { access }, schema: { ...documented({ summary: 'Subscribe a recipient to a list', success: 'Subscribed (or already was)', response: listExamples.selfSubscribed }), tags, params: RecipientListParams, response: { 200: MessageOnly, ...errorResponses('message') } } },
    async (request) => {
      const r = await rpc.subscribeToList(change(request, request.params));
      if (r.failed.length > 0) throw recipientNotFound();
      return { message: 'Subscribed' };
    },
  );

  app.delete(
    '/recipients/:recipient_id/lists/:list_key',
    { config: { access }, schema: { ...documented({ summary: 'Unsubscribe a recipient from a list', success: 'Unsubscribed (or was not subscribed)', response: listExamples.selfUnsubscribed }), tags, params: RecipientListParams, response: { 200: MessageOnly, ...errorResponses('message') } } },
    async (request) => {
      const r = await rpc.unsubscribeFromList(change(request, request.params));
      if (r.failed.length > 0) throw recipientNotFound();
      return { message: 'Unsubscribed' };
    },
  );
};

export default recipientListRoutes;
