import { notFound } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { BroadcastSchema, DigestSchema, IdParams } from '../notifications/schemas';
import { broadcastView, digestView, parseId } from '../notifications/views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { notificationExamples } from '../notifications/examples';
import { broadcastListExamples } from './examples';
import { BroadcastPage, BroadcastsQuery } from './schemas';

/** `GET /broadcasts`: the history; `GET /broadcasts/{id}`: a broadcast's progress and email decision; its cancel and the email digests. Full access. */
const broadcastRoutes: RoutePlugin = async (app) => {
  app.get(
    '/broadcasts',
    {
      schema: {
        ...documented({
          summary: 'List the project\'s broadcasts',
          description: 'Broadcasts and sends to many (to every recipient, to recipient ids, to a list), newest first; a running one with its progress so far.',
          success: 'A page of broadcasts',
          response: broadcastListExamples.page,
        }),
        tags: ['notifications'],
        querystring: BroadcastsQuery,
        response: { 200: dataOnly(BroadcastPage), ...errorResponses('message') },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const res = await app.services.deliveries.listBroadcasts({ projectId: BigInt(request.project.id), limit, beforeId: cursor === undefined ? undefined : BigInt(cursor) });
      return { data: { broadcasts: res.broadcasts.map(broadcastView), next_cursor: res.nextBeforeId === undefined ? null : String(res.nextBeforeId) } };
    },
  );

  app.get(
    '/broadcasts/:id',
    { schema: { ...documented({ summary: 'Get a broadcast\'s progress', success: 'The broadcast', response: notificationExamples.broadcast }), tags: ['notifications'], params: IdParams, response: { 200: dataOnly(BroadcastSchema), ...errorResponses('message') } } },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('broadcast_not_found', 'Broadcast not found');
      const res = await app.services.deliveries.getBroadcast({ projectId: BigInt(request.project.id), id });
      return { data: broadcastView(res.broadcast!) };
    },
  );

  // A still-scheduled broadcast becomes `canceled` (409 not_cancelable once it has started).
  app.post(
    '/broadcasts/:id/cancel',
    { schema: { ...documented({ summary: 'Cancel a scheduled broadcast', success: 'Canceled', response: notificationExamples.broadcastCanceled }), tags: ['notifications'], params: IdParams, response: { 200: withMessage(BroadcastSchema), ...errorResponses('message') } } },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('broadcast_not_found', 'Broadcast not found');
      const res = await app.services.deliveries.cancelBroadcast({ projectId: BigInt(request.project.id), id });
      return { message: 'Broadcast canceled', data: broadcastView(res.broadcast!) };
    },
  );

  // One email digest and its notifications.
  app.get(
    '/digests/:id',
    { schema: { ...documented({ summary: 'Get an email digest', success: 'The digest', response: notificationExamples.digest }), tags: ['notifications'], params: IdParams, response: { 200: dataOnly(DigestSchema), ...errorResponses('message') } } },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('digest_not_found', 'Digest not found');
      const res = await app.services.deliveries.getDigest({ projectId: BigInt(request.project.id), id });
      return { data: digestView(res.digest!) };
    },
  );
};

export default broadcastRoutes;
