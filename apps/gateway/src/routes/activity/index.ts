import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { invalid } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { notificationView } from '../notifications/views';
import { activityExamples } from './examples';
import { ActivityPage, ActivityQuery } from './schemas';

const tags = ['notifications'];
const errors = errorResponses('message');
const refuse = (name: string, message: string, value: unknown) => invalid(message, [{ message, description: message, property_path: name, invalid_value: value }]);

/** A broadcast id as the service takes it; anything else is refused here. */
function broadcastId(value: string | undefined) {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(value)) throw refuse('broadcast_id', 'broadcast_id must be a broadcast id (a positive integer)', value);
  return BigInt(value);
}

/** A time filter as a protobuf Timestamp; one that names no time (month 13) is refused. */
function timestamp(name: string, value: string | undefined) {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw refuse(name, `${name} must be an RFC 3339 date-time`, value);
  }
  return timestampFromDate(date);
}

/** The activity log: every notification of the project, newest first. Full access; `message` family. */
const activityRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;

  app.get(
    '/notifications',
    {
      schema: {
        ...documented({
          summary: 'List the project\'s notifications (activity)',
          description: 'Newest first. Served filter combinations: none; recipient_id; recipient_id+status; status; channel (+topic (+event)); medium+outcome; broadcast_id; each with since/until. Any other combination: 400 filter_not_indexed.',
          success: 'A page of notifications',
          response: activityExamples.page,
        }),
        tags,
        querystring: ActivityQuery,
        response: { 200: dataOnly(ActivityPage), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const res = await deliveries.listActivity({
        projectId: BigInt(request.project.id),
        limit: q.limit,
        cursor: q.cursor ?? '',
        recipientId: q.recipient_id,
        channel: q.channel,
        topic: q.topic,
        event: q.event,
        status: q.status,
        medium: q.medium,
        outcome: q.outcome,
        broadcastId: broadcastId(q.broadcast_id),
        since: timestamp('since', q.since),
        until: timestamp('until', q.until),
      });
      return { data: { notifications: res.notifications.map((n) => notificationView(n)), next_cursor: res.nextCursor || null } };
    },
  );
};

export default activityRoutes;
