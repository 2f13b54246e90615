import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { RecipientIdParams } from '../recipients/schemas';
import { NotificationSchema } from '../notifications/schemas';
import { notificationView } from '../notifications/views';
import { audienceOf } from './audience';
import { TabQuery, tabFilter } from './tab-filter';
import { SnoozedUntil, snoozeRequest } from './snooze';
import { bulkUpdateExample, bulkUpdateRequestExample } from './examples';

const tags = ['notifications'];
const errors = errorResponses('message');
const access = 'recipient' as const;

/** The most notifications one bulk update names (the delivery service holds the same limit). */
const BULK_MAX = 100;

const ReadFilter = Type.Object({ ...TabQuery, read: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Only the read (true) or unread (false) notifications' })) });
const BulkBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { minItems: 1, maxItems: BULK_MAX, description: `1 to ${BULK_MAX} notification ids of this recipient` }),
    read: Type.Optional(Type.Boolean()),
    seen: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean({ description: 'true also marks it seen (and ends a snooze)' })),
    snoozed_until: SnoozedUntil,
  },
  { minProperties: 2 },
);
const BulkResult = Type.Object(
  {
    id: Type.Integer(),
    notification: Type.Union([NotificationSchema, Type.Null()], { description: 'After the update; null when this recipient has no such delivered notification (see error)' }),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  },
  { title: 'NotificationUpdateResult' },
);

/** The unread and unseen counts, seen and archived states, and updates of several notifications at once (read, seen, archived). */
const notificationStateRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;

  app.get(
    '/recipients/:recipient_id/notifications/counts',
    {
      config: { access },
      schema: {
        ...documented({ summary: 'Count a recipient\'s unread and unseen notifications', description: 'Archived notifications are not counted. `channel`, `topic`, `event`: the counts of one tab.', success: 'The counts', response: { data: { unread_count: 3, unseen_count: 1 } } }),
        tags,
        params: RecipientIdParams,
        querystring: Type.Object(TabQuery),
        response: { 200: dataOnly(Type.Object({ unread_count: Type.Integer(), unseen_count: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const res = await deliveries.unreadCount({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, filter: tabFilter(request.query) });
      return { data: { unread_count: Number(res.unreadCount), unseen_count: Number(res.unseenCount) } };
    },
  );

  app.post(
    '/recipients/:recipient_id/notifications/mark_all_seen',
    {
      config: { access },
      schema: { ...documented({ summary: 'Mark a recipient\'s whole feed (or one tab) seen (read flags stay)', success: 'Marked', response: { message: 'Notifications marked seen', data: { updated: 3 } } }), tags, params: RecipientIdParams, querystring: Type.Object(TabQuery), response: { 200: withMessage(Type.Object({ updated: Type.Integer() })), ...errors } },
    },
    async (request) => {
      const res = await deliveries.markAllSeen({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, filter: tabFilter(request.query) });
      return { message: 'Notifications marked seen', data: { updated: Number(res.updated) } };
    },
  );

  app.post(
    '/recipients/:recipient_id/notifications/mark_all_archived',
    {
      config: { access },
      schema: {
        ...documented({ summary: 'Archive a recipient\'s whole feed (`?read=true`: what was read)', success: 'Archived', response: { message: 'Notifications archived', data: { updated: 3 } } }),
        tags,
        params: RecipientIdParams,
        querystring: ReadFilter,
        response: { 200: withMessage(Type.Object({ updated: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const read = request.query.read === undefined ? undefined : request.query.read === 'true';
      const res = await deliveries.markAllArchived({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, read, filter: tabFilter(request.query) });
      return { message: 'Notifications archived', data: { updated: Number(res.updated) } };
    },
  );

  app.patch(
    '/recipients/:recipient_id/notifications',
    {
      config: { access },
      schema: {
        ...documented({
          summary: 'Set read, seen or archived on several notifications, or snooze them',
          description: `Up to ${BULK_MAX} ids; more: 400 and nothing changes. An id this recipient does not have fails alone (\`notification_not_found\`), the others change.`,
          success: 'One result per id, in request order',
          request: bulkUpdateRequestExample,
          response: bulkUpdateExample,
        }),
        tags,
        params: RecipientIdParams,
        body: BulkBody,
        response: { 200: withMessage(Type.Object({ results: Type.Array(BulkResult) })), ...errors },
      },
    },
    async (request) => {
      const { ids, read, seen, archived, snoozed_until } = request.body;
      const res = await deliveries.updateNotifications({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, ids: ids.map(BigInt), read, seen, archived, ...snoozeRequest(snoozed_until) });
      const audience = audienceOf(request.principal);
      const results = res.results.map((r) =>
        r.notification
          ? { id: Number(r.id), notification: notificationView(r.notification, audience), error: null }
          : { id: Number(r.id), notification: null, error: { code: 'notification_not_found', message: 'Notification not found' } },
      );
      return { message: 'Notifications updated', data: { results } };
    },
  );
};

export default notificationStateRoutes;
