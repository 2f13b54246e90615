import { fromPbMobilePush, type SendRequest } from '@herald/contracts';
import type { AcceptedSend, EmailUnless } from '../kernel/notification';
import type { SendInput } from './send-rules';

/** A SendRequest (RPC or send job) as the send use case's input. */
export function toSendInput(req: SendRequest): SendInput {
  const quota = req.settings?.monthlyQuota;
  return {
    projectId: Number(req.projectId),
    settings: {
      strictTargets: req.settings?.strictTargets ?? false,
      maxBroadcastRecipientsForEmail: Number(req.settings?.maxBroadcastRecipientsForEmail ?? 0n),
      maxBroadcastRecipientsForPush: Number(req.settings?.maxBroadcastRecipientsForPush ?? 0n),
      ...(req.settings?.maxListRecipientsForEmail !== undefined ? { maxListRecipientsForEmail: Number(req.settings.maxListRecipientsForEmail) } : {}),
      ...(req.settings?.maxListRecipientsForPush !== undefined ? { maxListRecipientsForPush: Number(req.settings.maxListRecipientsForPush) } : {}),
      ...(req.settings?.maxListRecipientsForSms !== undefined ? { maxListRecipientsForSms: Number(req.settings.maxListRecipientsForSms) } : {}),
      ...(req.settings?.maxBroadcastRecipientsForMobilePush !== undefined ? { maxBroadcastRecipientsForMobilePush: Number(req.settings.maxBroadcastRecipientsForMobilePush) } : {}),
      ...(req.settings?.maxListRecipientsForMobilePush !== undefined ? { maxListRecipientsForMobilePush: Number(req.settings.maxListRecipientsForMobilePush) } : {}),
      monthlyQuota: quota === undefined ? null : Number(quota),
      retentionDays: req.settings?.retentionDays ?? null,
      ...(req.settings?.emailFromAddress ? { emailFrom: { address: req.settings.emailFromAddress, name: req.settings.emailFromName ?? null } } : {}),
      ...(req.settings?.emailReplyTo ? { emailReplyTo: req.settings.emailReplyTo } : {}),
      ...(req.settings?.smsCountryCodes.length ? { smsCountryCodes: [...req.settings.smsCountryCodes] } : {}),
    },
    recipientId: req.recipientId ?? null,
    target: req.target ? { channel: req.target.channel, topic: req.target.topic, event: req.target.event } : null,
    payloadJson: req.payloadJson ?? null,
    email: req.email
      ? {
          subject: req.email.subject,
          html: req.email.html,
          ...(req.email.text !== undefined ? { text: req.email.text } : {}),
          ...(req.email.fromName !== undefined ? { from_name: req.email.fromName } : {}),
          ...(req.email.delaySeconds !== undefined ? { delay_seconds: req.email.delaySeconds } : {}),
          ...(req.email.unless !== undefined && req.email.unless !== '' ? { unless: req.email.unless as EmailUnless } : {}),
        }
      : null,
    sms: req.sms ? { text: req.sms.text } : null,
    push: req.push
      ? {
          title: req.push.title,
          body: req.push.body,
          ...(req.push.url !== undefined ? { url: req.push.url } : {}),
          ...(req.push.icon !== undefined ? { icon: req.push.icon } : {}),
          ...(req.push.tag !== undefined ? { tag: req.push.tag } : {}),
        }
      : null,
    ...(req.chat ? { chat: { text: req.chat.text, ...(req.chat.url !== undefined ? { url: req.chat.url } : {}) } } : {}),
    ...(req.mobilePush ? { mobilePush: fromPbMobilePush(req.mobilePush) } : {}),
    idempotencyKey: req.idempotencyKey,
    ...(req.sendAt !== undefined ? { sendAt: req.sendAt } : {}),
    ...(req.recipientIds.length > 0 || req.list !== undefined || req.excludeRecipientIds.length > 0
      ? { audience: { recipientIds: req.recipientIds, list: req.list ?? null, excludeRecipientIds: req.excludeRecipientIds } }
      : {}),
  };
}

/** The accepted send of a request to one recipient: its content as asked, with the id, incarnation and times it was accepted with. */
export function acceptedSendOf(input: SendInput, accepted: Pick<AcceptedSend, 'id' | 'recipientId' | 'recipientSeq' | 'createdAt' | 'sendAt'>): AcceptedSend {
  return {
    id: accepted.id,
    projectId: input.projectId,
    recipientId: accepted.recipientId,
    recipientSeq: accepted.recipientSeq,
    target: input.target,
    payloadJson: input.payloadJson,
    email: input.email,
    sms: input.sms,
    push: input.push,
    ...(input.chat ? { chat: input.chat } : {}),
    ...(input.mobilePush ? { mobilePush: input.mobilePush } : {}),
    settings: input.settings,
    createdAt: accepted.createdAt,
    sendAt: accepted.sendAt,
  };
}
