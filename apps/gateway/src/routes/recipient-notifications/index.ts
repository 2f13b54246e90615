import { Type } from '@sinclair/typebox';
import { LIMITS } from '@herald/contracts';
import { notFound } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { dataOnly, Nullable, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { RecipientIdParams } from '../recipients/schemas';
import { NotificationSchema } from '../notifications/schemas';
import { notificationView, parseId } from '../notifications/views';
import { audienceOf } from './audience';
import { TabQuery, tabFilter } from './tab-filter';
import { SnoozedUntil, snoozeRequest } from './snooze';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { notificationExample } from '../notifications/examples';

const tags = ['notifications'];
const errors = errorResponses('message');
const access = 'recipient' as const;

const FeedQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LIMITS.feedPageMax, default: LIMITS.feedPageDefault }),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page', ...serviceRules({ pattern: '^(?:[1-9][0-9]{0,15})?$' }) })),
  read: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  archived: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true: the archived notifications only; absent or false: the feed without them' })),
  ...TabQuery,
});
const NotificationParams = Type.Object({ recipient_id: Type.String({ minLength: 1, examples: ['user-42'] }), notification_id: Type.String({ examples: ['1042'] }) });
const FlagsBody = Type.Object(
  {
    read: Type.Optional(Type.Boolean()),
    opened: Type.Optional(Type.Boolean()),
    seen: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean({ description: 'true also marks it seen (and ends a snooze)' })),
    snoozed_until: SnoozedUntil,
  },
  { minProperties: 1 },
);

/**
 * A recipient's in-app feed: delivered notifications only. Full or
 * Recipient access (recipient tokens included); `message` family; unknown recipient: 404.
 * Recipient-scoped readers get the email error summarised (see notificationView).
 */
const recipientNotificationRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;

  app.get(
    '/recipients/:recipient_id/notifications',
    {
      config: { access },
      schema: { ...documented({ summary: 'List a recipient\'s in-app feed', success: 'A page of the feed', response: { data: { notifications: [notificationExample], next_cursor: 'MTA0Mg' } } }),
        tags,
        params: RecipientIdParams,
        querystring: FeedQuery,
        response: { 200: dataOnly(Type.Object({ notifications: Type.Array(NotificationSchema), next_cursor: Nullable(Type.String()) })), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const res = await deliveries.listFeed({
        projectId: BigInt(request.project.id),
        recipientId: request.params.recipient_id,
        limit: q.limit,
        cursor: q.cursor ?? '',
        read: q.read === undefined ? undefined : q.read === 'true',
        archived: q.archived === 'true',
        filter: tabFilter(q),
      });
      return { data: { notifications: res.notifications.map((n) => notificationView(n, audienceOf(request.principal))), next_cursor: res.nextCursor || null } };
    },
  );

  app.get(
    '/recipients/:recipient_id/notifications/unread_count',
    { config: { access }, schema: { ...documented({ summary: 'Count a recipient\'s unread notifications', success: 'The unread count', response: { data: { unread_count: 3 } } }), tags, params: RecipientIdParams, response: { 200: dataOnly(Type.Object({ unread_count: Type.Integer() })), ...errors } } },
    async (request) => {
      const res = await deliveries.unreadCount({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id });
      return { data: { unread_count: Number(res.unreadCount) } };
    },
  );

  app.patch(
    '/recipients/:recipient_id/notifications/:notification_id',
    { config: { access }, schema: { ...documented({ summary: 'Mark a notification read, opened, seen or archived, or snooze it (or undo it)', success: 'Updated', request: { read: true }, response: { message: 'Notification updated', data: { ...notificationExample, read: true } } }), tags, params: NotificationParams, body: FlagsBody, response: { 200: withMessage(NotificationSchema), ...errors } } },
    async (request) => {
      const projectId = BigInt(request.project.id);
      const id = parseId(request.params.notification_id);
      if (id === null) {
        await app.services.recipients.getRecipient({ projectId, id: request.params.recipient_id });
        throw notFound('notification_not_found', 'Notification not found');
      }
      const { snoozed_until, ...flags } = request.body;
      const res = await deliveries.updateNotification({ projectId, recipientId: request.params.recipient_id, id, ...flags, ...snoozeRequest(snoozed_until) });
      return { message: 'Notification updated', data: notificationView(res.notification!, audienceOf(request.principal)) };
    },
  );

  app.post(
    '/recipients/:recipient_id/notifications/mark_all_read',
    { config: { access }, schema: { ...documented({ summary: 'Mark a recipient\'s whole feed (or one tab) read', success: 'Marked', response: { message: 'Notifications marked read', data: { updated: 3 } } }), tags, params: RecipientIdParams, querystring: Type.Object(TabQuery), response: { 200: withMessage(Type.Object({ updated: Type.Integer() })), ...errors } } },
    async (request) => {
      const res = await deliveries.markAllRead({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, filter: tabFilter(request.query) });
      return { message: 'Notifications marked read', data: { updated: Number(res.updated) } };
    },
  );
};

export default recipientNotificationRoutes;

export { default as recipientNotificationStreamRoute } from './stream';
export { default as notificationStateRoutes } from './states';
export { default as notificationActionRoutes } from './actions';
