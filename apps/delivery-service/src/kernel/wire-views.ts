import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { BroadcastSchema, NotificationSchema, type DecisionTarget, type Broadcast as PbBroadcast, type Notification as PbNotification } from '@herald/contracts';
import type { CascadeDecision } from './decision';
import { emailBecause, inAppBecause, outboundBecause } from './decision-reasons';
import type { Broadcast, Notification, OutboundOutcome } from './notification';
import type { OutcomeField } from './outbound';

/** A web push contact's address as shown: the subscription's endpoint (its keys stay inside). */
function shownAddress(field: OutcomeField, address: string | null): string | undefined {
  if (address === null) return undefined;
  if (field !== 'push') return address;
  try {
    return String((JSON.parse(address) as { endpoint?: unknown }).endpoint ?? '');
  } catch {
    return '';
  }
}

/** One outbound medium's outcome on the wire (email, sms, push, chat). */
function pbOutcome(e: OutboundOutcome, field: OutcomeField) {
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
    seen: n.seen ?? false,
    archived: n.archived ?? false,
    actionTaken: n.actionTaken ?? undefined,
    snoozedUntil: n.snoozedUntil ? timestampFromDate(n.snoozedUntil) : undefined,
    createdAt: timestampFromDate(n.createdAt),
    updatedAt: timestampFromDate(n.updatedAt),
    status: n.status,
    email: pbOutcome(e, 'email'),
    sms: pbOutcome(n.sms, 'sms'),
    push: pbOutcome(n.push, 'push'),
    ...(n.chat ? { chat: pbOutcome(n.chat, 'chat') } : {}),
    ...(n.mobilePush ? { mobilePush: pbOutcome(n.mobilePush, 'mobile_push') } : {}),
    sendAt: n.sendAt ? timestampFromDate(n.sendAt) : undefined,
    decision: d
      ? {
          inApp: n.status !== 'not_requested' ? pbDecision(inAppBecause(n.status, d.in_app)) : undefined,
          email: e.status !== 'not_requested' ? pbDecision(emailBecause(e, d.email)) : undefined,
          sms: n.sms.status !== 'not_requested' ? pbDecision(outboundBecause(n.sms, d.sms)) : undefined,
          webPush: n.push.status !== 'not_requested' ? pbDecision(outboundBecause(n.push, d.web_push)) : undefined,
          chat: n.chat && n.chat.status !== 'not_requested' ? pbDecision(outboundBecause(n.chat, d.chat)) : undefined,
          mobilePush: n.mobilePush && n.mobilePush.status !== 'not_requested' ? pbDecision(outboundBecause(n.mobilePush, d.mobile_push)) : undefined,
        }
      : undefined,
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
    sms: b.sms ? { status: b.sms.status, eligible: b.sms.eligible === null ? undefined : BigInt(b.sms.eligible) } : undefined,
    mobilePush: b.mobilePush ? { status: b.mobilePush.status, eligible: b.mobilePush.eligible === null ? undefined : BigInt(b.mobilePush.eligible) } : undefined,
    createdAt: timestampFromDate(b.createdAt),
    updatedAt: timestampFromDate(b.updatedAt),
    sendAt: b.sendAt ? timestampFromDate(b.sendAt) : undefined,
    audience: b.audience
      ? { list: b.audience.list ?? undefined, recipientIds: b.audience.recipientIds === null ? undefined : BigInt(b.audience.recipientIds), excluded: BigInt(b.audience.excluded) }
      : undefined,
  });
}
