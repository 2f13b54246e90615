import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { invalid } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { statsExamples } from './examples';
import { Stats, StatsQuery } from './schemas';
import { statsView } from './views';

const errors = errorResponses('message');

/** A time of the query as a Date; one that names no time (month 13) is refused. */
function time(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    const message = `${name} must be an RFC 3339 date-time`;
    throw invalid(message, [{ message, description: message, property_path: name, invalid_value: value }]);
  }
  return date;
}

/** The overview: the project's sends per interval by medium and outcome. Full access; `message` family. */
const statsRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;

  app.get(
    '/stats',
    {
      schema: {
        ...documented({
          summary: 'Sends per interval by medium and outcome (the overview)',
          description:
            'Counted as each send ends (delivered, suppressed, quota, failed; bounced: an email address refused for good, also counted as failed), kept per minute (2 days), hour (62 days) and day (2 years): the answer costs the same whatever the store holds. A range spans at most a day by minute, 31 days by hour, 366 days by day (400 past it). Also the email bounce and failure rates and the backlog of due timers.',
          success: 'The counts of the range',
          response: statsExamples.stats,
        }),
        tags: ['stats'],
        querystring: StatsQuery,
        response: { 200: dataOnly(Stats), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const to = time('to', q.to) ?? new Date();
      const from = time('from', q.from);
      const res = await deliveries.getStats({
        projectId: BigInt(request.project.id),
        interval: q.interval,
        from: from ? timestampFromDate(from) : undefined,
        to: timestampFromDate(to),
      });
      return { data: statsView(res, { interval: q.interval, to }) };
    },
  );
};

export default statsRoutes;
