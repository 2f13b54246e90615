import { toPbMobilePush } from '@herald/contracts';
import { fromFieldViolation, invalid, notFound, violation } from '@herald/service-kit';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { IdParams, NotificationSchema, SendBody, SendHeaders, SendResult } from './schemas';
import { int32 } from '../shared/int32';
import { createSendCoalescer } from './send-coalescer';
import { broadcastView, notificationView, parseId } from './views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { notificationExamples } from './examples';

const tags = ['notifications'];

/** A send names its audience: recipient_id (null: every recipient), recipient_ids or list. */
const recipientRequired = () => invalid('recipient_id is required (or recipient_ids, or list)', [violation('recipient_id', 'recipient_id is required', null)]);
const errors = errorResponses('message');

/**
 * Sends and notification reads. Full access;
 * `message` family. The project's settings travel with the send, so the delivery service needs
 * no project store.
 */
const notificationRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;
  // Concurrent sends of this process go to the delivery service together (SendMany).
  const send = createSendCoalescer(deliveries);

  app.post(
    '/notifications/send',
    { schema: { ...documented({ summary: 'Send a notification (to one recipient, or broadcast)', success: 'Accepted: sent, scheduled or skipped, with the decision per medium', request: notificationExamples.send, response: notificationExamples.sent }), tags, headers: SendHeaders, body: SendBody, response: { 201: withMessage(SendResult), ...errors } } },
    async (request, reply) => {
      const { body, project } = request;
      if (body.recipient_id === undefined && body.recipient_ids === undefined && body.list === undefined) throw recipientRequired();
      const s = project.settings;
      const res = await send({
        projectId: BigInt(project.id),
        settings: {
          strictTargets: s.strict_targets,
          maxBroadcastRecipientsForEmail: BigInt(s.max_broadcast_recipients_for_email),
          maxBroadcastRecipientsForPush: BigInt(s.max_broadcast_recipients_for_push ?? 0),
          maxListRecipientsForEmail: s.max_list_recipients_for_email === undefined ? undefined : BigInt(s.max_list_recipients_for_email),
          maxListRecipientsForPush: s.max_list_recipients_for_push === undefined ? undefined : BigInt(s.max_list_recipients_for_push),
          maxListRecipientsForSms: s.max_list_recipients_for_sms == null ? undefined : BigInt(s.max_list_recipients_for_sms),
          maxBroadcastRecipientsForMobilePush: s.max_broadcast_recipients_for_mobile_push == null ? undefined : BigInt(s.max_broadcast_recipients_for_mobile_push),
          maxListRecipientsForMobilePush: s.max_list_recipients_for_mobile_push == null ? undefined : BigInt(s.max_list_recipients_for_mobile_push),
          monthlyQuota: s.monthly_quota === null ? undefined : BigInt(s.monthly_quota),
          emailFromAddress: s.email_from?.address,
          emailFromName: s.email_from?.name ?? undefined,
          emailReplyTo: s.email_reply_to ?? undefined,
          retentionDays: s.retention_days ?? undefined,
          smsCountryCodes: s.sms_country_codes ?? [],
        },
        recipientId: body.recipient_id ?? undefined,
        recipientIds: body.recipient_ids,
        list: body.list,
        excludeRecipientIds: body.exclude_recipient_ids,
        target: body.target ?? undefined,
        payloadJson: body.payload == null ? undefined : JSON.stringify(body.payload),
        email: body.email
          ? {
              subject: body.email.subject,
              html: body.email.html,
              text: body.email.text,
              fromName: body.email.from_name,
              delaySeconds: body.email.delay_seconds === undefined ? undefined : int32(body.email.delay_seconds),
              unless: body.email.unless,
            }
          : undefined,
        sms: body.sms ? { text: body.sms.text } : undefined,
        push: body.push ? { title: body.push.title, body: body.push.body, url: body.push.url, icon: body.push.icon, tag: body.push.tag } : undefined,
        chat: body.chat ? { text: body.chat.text, url: body.chat.url } : undefined,
        mobilePush: body.mobile_push ? toPbMobilePush(body.mobile_push) : undefined,
        idempotencyKey: request.headers['idempotency-key'] ?? '',
        sendAt: body.send_at ?? undefined,
      });
      reply.code(201);
      return {
        message: res.broadcast ? 'Broadcast enqueued' : 'Notification enqueued',
        data: {
          notification: res.notification ? notificationView(res.notification) : null,
          broadcast: res.broadcast ? broadcastView(res.broadcast) : null,
          ...(res.failed.length > 0 ? { failed: res.failed.map((f) => ({ id: f.id, batch_index: f.batchIndex, errors: f.errors.map(fromFieldViolation) })) } : {}),
        },
      };
    },
  );

  app.get(
    '/notifications/:id',
    { schema: { ...documented({ summary: 'Get a notification', success: 'The notification', response: notificationExamples.one }), tags, params: IdParams, response: { 200: dataOnly(NotificationSchema), ...errors } } },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('notification_not_found', 'Notification not found');
      const res = await deliveries.getNotification({ projectId: BigInt(request.project.id), id });
      return { data: notificationView(res.notification!) };
    },
  );

  // A still-scheduled send becomes `canceled` (409 not_cancelable once it has started).
  app.post(
    '/notifications/:id/cancel',
    { schema: { ...documented({ summary: 'Cancel a scheduled notification', success: 'Canceled', response: notificationExamples.canceled }), tags, params: IdParams, response: { 200: withMessage(NotificationSchema), ...errors } } },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound('notification_not_found', 'Notification not found');
      const res = await deliveries.cancelNotification({ projectId: BigInt(request.project.id), id });
      return { message: 'Notification canceled', data: notificationView(res.notification!) };
    },
  );
};

export default notificationRoutes;
