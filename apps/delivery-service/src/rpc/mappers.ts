import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { BroadcastSchema, NotificationSchema, type SendRequest, type Broadcast as PbBroadcast, type Notification as PbNotification } from '@herald/contracts';
import type { Broadcast, Notification } from '../domain/notification';
import type { SendInput } from '../domain/send-rules';

export function toSendInput(req: SendRequest): SendInput {
  const quota = req.settings?.monthlyQuota;
  return {
    projectId: Number(req.projectId),
    settings: {
      strictTargets: req.settings?.strictTargets ?? false,
      maxBroadcastRecipientsForEmail: Number(req.settings?.maxBroadcastRecipientsForEmail ?? 0n),
      monthlyQuota: quota === undefined ? null : Number(quota),
      ...(req.settings?.emailFromAddress ? { emailFrom: { address: req.settings.emailFromAddress, name: req.settings.emailFromName ?? null } } : {}),
      ...(req.settings?.emailReplyTo ? { emailReplyTo: req.settings.emailReplyTo } : {}),
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
        }
      : null,
    idempotencyKey: req.idempotencyKey,
  };
}

export function toPbNotification(n: Notification): PbNotification {
  const e = n.email;
  return create(NotificationSchema, {
    id: BigInt(n.id),
    recipientId: n.recipientId,
    payloadJson: n.payloadJson ?? undefined,
    broadcastId: n.broadcastId === null ? undefined : BigInt(n.broadcastId),
    target: n.target ?? undefined,
    read: n.read,
    opened: n.opened,
    createdAt: timestampFromDate(n.createdAt),
    updatedAt: timestampFromDate(n.updatedAt),
    status: n.status,
    email: {
      status: e.status,
      reason: e.reason ?? undefined,
      address: e.address ?? undefined,
      messageId: e.message_id ?? undefined,
      attempts: e.attempts,
      sentAt: e.sent_at ? timestampFromDate(e.sent_at) : undefined,
      error: e.error ?? undefined,
    },
  });
}

export function toPbBroadcast(b: Broadcast): PbBroadcast {
  return create(BroadcastSchema, {
    id: BigInt(b.id),
    target: b.target,
    payloadJson: b.payloadJson,
    status: b.status,
    recipientsTotal: BigInt(b.recipientsTotal),
    notificationsCreated: BigInt(b.notificationsCreated),
    email: b.email ? { status: b.email.status, eligible: b.email.eligible === null ? undefined : BigInt(b.email.eligible) } : undefined,
    createdAt: timestampFromDate(b.createdAt),
    updatedAt: timestampFromDate(b.updatedAt),
  });
}
