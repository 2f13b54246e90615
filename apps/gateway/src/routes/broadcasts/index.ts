import { notFound } from '@herald/service-kit';
import type { RoutePlugin } from '../../http/type-provider';
import { dataOnly, errorResponses } from '../../schemas/common';
import { BroadcastSchema, IdParams } from '../notifications/schemas';
import { broadcastView, parseId } from '../notifications/views';

/** `GET /broadcasts/{id}` (decisions §8): a broadcast's progress and email decision. Full access. */
const broadcastRoutes: RoutePlugin = async (app) => {
  app.get(
    '/broadcasts/:id',
    { schema: { tags: ['notifications'], params: IdParams, response: { 200: dataOnly(BroadcastSchema), ...errorResponses('message') } } },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('broadcast_not_found', 'Broadcast not found');
      const res = await app.services.deliveries.getBroadcast({ projectId: BigInt(request.project.id), id });
      return { data: broadcastView(res.broadcast!) };
    },
  );
};

export default broadcastRoutes;
