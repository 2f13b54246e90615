import type { FastifyPluginAsync } from 'fastify';
import activityRoutes from './activity';
import activityStreamRoute from './activity/stream';
import adminRoutes from './admin';
import callbackRoutes from './callbacks';
import broadcastRoutes from './broadcasts';
import contactConfirmationRoutes from './contact-confirmations';
import consoleRoutes from './console';
import contactRoutes from './contacts';
import listRoutes, { recipientListRoutes } from './lists';
import deviceRoutes from './devices';
import notificationRoutes from './notifications';
import pushRoutes from './push';
import providerRoutes from './providers';
import catalogRoutes from './preferences';
import recipientNotificationRoutes, { notificationActionRoutes, notificationStateRoutes, recipientNotificationStreamRoute } from './recipient-notifications';
import recipientPreferenceRoutes from './recipient-preferences';
import recipientRoutes from './recipients';
import statsRoutes from './stats';
import timelineRoutes from './timeline';
import tokenRoutes from './tokens';
import webhookRoutes from './webhooks';
import uiRoutes from './ui';
import unsubscribeRoutes from './unsubscribe';

/**
 * Every resource's routes, registered in this order. To add a resource, create
 * `routes/<resource>/index.ts` and append it here. Conventions (see plugins/app/auth):
 *  - `config: { access }` on each route: 'full' (the default), 'recipient' (Full or Recipient key,
 *    or a recipient token — the path must name the recipient as `:recipient_id`), 'admin', 'public';
 *  - TypeBox schemas for params, querystring, body and each response (`errorResponses(family)`);
 *  - handlers map the request, make one call (RPC or use case), map the result; errors are thrown
 *    (DomainError or the services' ConnectError) and shaped by plugins/app/errors.
 */
export const resourceRoutes: FastifyPluginAsync[] = [adminRoutes, recipientRoutes, contactRoutes, deviceRoutes, tokenRoutes, catalogRoutes, recipientPreferenceRoutes, notificationRoutes, timelineRoutes, activityRoutes, activityStreamRoute, broadcastRoutes, recipientNotificationRoutes, notificationStateRoutes, notificationActionRoutes, recipientNotificationStreamRoute, uiRoutes, consoleRoutes, unsubscribeRoutes, contactConfirmationRoutes, webhookRoutes, pushRoutes, providerRoutes, callbackRoutes, listRoutes, recipientListRoutes, statsRoutes];
