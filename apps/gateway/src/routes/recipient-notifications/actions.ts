import { Type } from '@sinclair/typebox';
import { notFound } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { NotificationSchema } from '../notifications/schemas';
import { notificationExample } from '../notifications/examples';
import { notificationView, parseId } from '../notifications/views';
import { audienceOf } from './audience';

const ActionParams = Type.Object({
  recipient_id: Type.String({ minLength: 1, examples: ['user-42'] }),
  notification_id: Type.String({ examples: ['1042'] }),
  action_id: Type.String({ minLength: 1, maxLength: 64, examples: ['approve'] }),
});

/** A recipient choosing one of a notification's `payload.actions` (one without a url: a url opens in the browser). */
const notificationActionRoutes: RoutePlugin = async (app) => {
  app.post(
    '/recipients/:recipient_id/notifications/:notification_id/actions/:action_id',
    {
      config: { access: 'recipient' },
      schema: {
        ...documented({
          summary: 'Record the action a recipient chose',
          description: 'Records `action_taken` and sends the `notification.action` webhook. The same action again changes nothing and sends no second webhook. An action id the payload does not carry: 404 `action_not_found`.',
          success: 'Recorded',
          response: { message: 'Action recorded', data: { ...notificationExample, action_taken: 'approve' } },
        }),
        tags: ['notifications'],
        params: ActionParams,
        response: { 200: withMessage(NotificationSchema), ...errorResponses('message') },
      },
    },
    async (request) => {
      const projectId = BigInt(request.project.id);
      const id = parseId(request.params.notification_id);
      if (id === null) {
        await app.services.recipients.getRecipient({ projectId, id: request.params.recipient_id });
        throw notFound('notification_not_found', 'Notification not found');
      }
      const res = await app.services.deliveries.takeAction({ projectId, recipientId: request.params.recipient_id, id, actionId: request.params.action_id });
      return { message: 'Action recorded', data: notificationView(res.notification!, audienceOf(request.principal)) };
    },
  );
};

export default notificationActionRoutes;
