import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { BroadcastSchema, DigestSchema, NotificationSchema, type Digest as PbDigest, type DecisionTarget, type SendRequest, type Broadcast as PbBroadcast, type Notification as PbNotification } from '@herald/contracts';
import type { CascadeDecision } from '../kernel/decision';
import { emailBecause, inAppBecause, outboundBecause } from '../kernel/decision-reasons';
import type { Broadcast, EmailUnless, Notification, OutboundOutcome } from '../kernel/notification';
import type { SendInput } from '../sends';
import type { DigestView } from '../scheduling';

export function toSendInput(req: SendRequest): SendInput {
  const quota = req.settings?.monthlyQuota;
  return {
    projectId: Number(req.projectId),
    settings: {
      strictTargets: req.settings?.strictTargets ?? false,
      maxBroadcastRecipientsForEmail: Number(req.settings?.maxBroadcastRecipientsForEmail ?? 0n),
      maxBroadcastRecipientsForPush: Number(req.settings?.maxBroadcastRecipientsForPush ?? 0n),
      monthlyQuota: quota === undefined ? null : Number(quota),
      retentionDays: req.settings?.retentionDays ?? null,
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
    idempotencyKey: req.idempotencyKey,
    ...(req.sendAt !== undefined ? { sendAt: req.sendAt } : {}),
  };
}

/** A web push contact's address as shown: the subscription's endpoint (its keys stay inside). */
function shownAddress(field: 'email' | 'sms' | 'push', address: string | null): string | undefined {
  if (address === null) return undefined;
  if (field !== 'push') return address;
  try {
    return String((JSON.parse(address) as { endpoint?: unknown }).endpoint ?? '');
  } catch {
    return '';
  }
}

/** One outbound medium's outcome on the wire (email, sms, push). */
function pbOutcome(e: OutboundOutcome, field: 'email' | 'sms' | 'push') {
  return {
    status: e.status,
    reason: e.reason ?? undefined,
    address: shownAddress(field, e.address),
    messageId: e.message_id ?? undefined,
    attempts: e.attempts,
    sentAt: e.sent_at ? timestampFromDate(e.sent_at) : undefined,
    error: e.error ?? undefined,
    provider: e.provider ?? undefined,
    digestId: e.digest_id ? BigInt(e.digest_id) : undefined,
  };
}

const decisionTarget = (t: { channel: string; topic: string; event: string }): Omit<DecisionTarget, '$typeName'> => ({ channel: t.channel, topic: t.topic, event: t.event });

/** One medium's decision as the API shows it: the gate or cascade step, and the rule. */
function pbDecision({ because, rule }: { because: string | null; rule: CascadeDecision['rule'] | null }) {
  return {
    because: because ?? '',
    ...(rule?.kind === 'recipient_rule'
      ? {
          recipientRule: {
            target: decisionTarget(rule.target),
            medium: rule.medium,
            enabled: rule.enabled,
            setAt: rule.set_at ? timestampFromDate(rule.set_at) : undefined,
            setVia: rule.set_via ?? undefined,
          },
        }
      : {}),
    ...(rule?.kind === 'catalog_entry'
      ? {
          catalogEntry: {
            id: BigInt(rule.id),
            label: rule.label,
            target: decisionTarget(rule.target),
            medium: rule.medium,
            defaultEnabled: rule.default_enabled,
            mandatory: rule.mandatory,
          },
        }
      : {}),
  };
}

export function toPbNotification(n: Notification, opts: { omitPayload?: boolean } = {}): PbNotification {
  const e = n.email;
  const d = n.decision;
  return create(NotificationSchema, {
    id: BigInt(n.id),
    recipientId: n.recipientId,
    payloadJson: opts.omitPayload ? undefined : (n.payloadJson ?? undefined),
    broadcastId: n.broadcastId === null ? undefined : BigInt(n.broadcastId),
    target: n.target ?? undefined,
    read: n.read,
    opened: n.opened,
    createdAt: timestampFromDate(n.createdAt),
    updatedAt: timestampFromDate(n.updatedAt),
    status: n.status,
    email: pbOutcome(e, 'email'),
    sms: pbOutcome(n.sms, 'sms'),
    push: pbOutcome(n.push, 'push'),
    sendAt: n.sendAt ? timestampFromDate(n.sendAt) : undefined,
    decision: d
      ? {
          inApp: n.status !== 'not_requested' ? pbDecision(inAppBecause(n.status, d.in_app)) : undefined,
          email: e.status !== 'not_requested' ? pbDecision(emailBecause(e, d.email)) : undefined,
          sms: n.sms.status !== 'not_requested' ? pbDecision(outboundBecause(n.sms, d.sms)) : undefined,
          webPush: n.push.status !== 'not_requested' ? pbDecision(outboundBecause(n.push, d.web_push)) : undefined,
        }
      : undefined,
  });
}

export function toPbDigest(d: DigestView): PbDigest {
  return create(DigestSchema, {
    id: BigInt(d.id),
    recipientId: d.recipientId,
    entryId: BigInt(d.entryId),
    target: d.target,
    status: d.status,
    subject: d.subject,
    openedAt: timestampFromDate(d.openedAt),
    closesAt: timestampFromDate(d.closesAt),
    sentAt: d.sentAt ? timestampFromDate(d.sentAt) : undefined,
    messageId: d.messageId ?? undefined,
    address: d.address ?? undefined,
    notificationIds: d.notificationIds.map(BigInt),
    maxItems: d.maxItems,
    reason: d.reason ?? undefined,
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
    push: b.push ? { status: b.push.status, eligible: b.push.eligible === null ? undefined : BigInt(b.push.eligible) } : undefined,
    createdAt: timestampFromDate(b.createdAt),
    updatedAt: timestampFromDate(b.updatedAt),
    sendAt: b.sendAt ? timestampFromDate(b.sendAt) : undefined,
  });
}
