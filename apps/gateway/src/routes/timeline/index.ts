import { notFound } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { IdParams } from '../notifications/schemas';
import { parseId } from '../notifications/views';
import { timelineExamples } from './examples';
import { Timeline } from './schemas';
import { timelineView } from './views';

const errors = errorResponses('message');

/** One notification's timeline (the console's notification page). Full access (or a console session); `message` family. */
const timelineRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;

  app.get(
    '/notifications/:id/timeline',
    {
      schema: {
        ...documented({
          summary: "A notification's timeline",
          description:
            "Its steps in time order: accepted, the decision of each medium, each outbound medium's outcome (provider, attempts, error), a delayed email's escalation timer (scheduled, fired or canceled), the digest its email joined, and each attempt to deliver its outcome events to the project's webhook endpoints. Read by key: it costs the same on any store.",
          success: 'The steps',
          response: timelineExamples.timeline,
        }),
        tags: ['notifications'],
        params: IdParams,
        response: { 200: dataOnly(Timeline), ...errors },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('notification_not_found', 'Notification not found');
      const res = await deliveries.getTimeline({ projectId: BigInt(request.project.id), id });
      return { data: timelineView(res) };
    },
  );
};

export default timelineRoutes;
