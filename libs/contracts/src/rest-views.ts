import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { Decision } from './gen/herald/common/v1/decision_pb.js';
import type { Broadcast, BroadcastAudience, BroadcastOutbound, Notification, OutboundOutcome } from './gen/herald/delivery/v1/delivery_pb.js';

/**
 * The REST JSON views of a Notification and a Broadcast, shared by the gateway's
 * routes, its live stream and the webhook dispatcher, so that every surface shows one shape.
 */

/** UTC, second precision, exactly `YYYY-MM-DDTHH:MM:SSZ`. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export function formatProtoTimestamp(ts: Timestamp | undefined): string | null {
  return ts ? formatTimestamp(timestampDate(ts)) : null;
}

const parse = (json: string | undefined) => (json === undefined ? null : (JSON.parse(json) as unknown));
const target = (t: { channel: string; topic: string; event: string } | undefined) => (t ? { channel: t.channel, topic: t.topic, event: t.event } : null);

/** What recipient-scoped readers see instead of the provider's error text. */
export const EMAIL_ERROR_SUMMARY = 'Email delivery failed';
const ERROR_SUMMARY = { email: EMAIL_ERROR_SUMMARY, sms: 'SMS delivery failed', push: 'Push delivery failed', chat: 'Chat delivery failed', mobile_push: 'Mobile push delivery failed' } as const;

/** Who reads: `full` (a Full key: the project's servers) or `recipient` (Recipient key, recipient token: maybe a browser). */
export type Audience = 'full' | 'recipient';

/**
 * The REST Notification: `email` is `{status: "not_requested"}` when the send had no
 * email block. For a `recipient` audience the provider's error text (SMTP replies of up to 500
 * characters: relay host names, policy text, sometimes other addresses) is replaced by a fixed
 * summary; `status` and `reason` still say what happened. `address` stays: it is the recipient's
 * own contact, which the same credential can read anyway.
 */
export function notificationView(n: Notification, audience: Audience = 'full') {
  return {
    id: Number(n.id),
    recipient_id: n.recipientId,
    payload: parse(n.payloadJson),
    broadcast_id: n.broadcastId === undefined ? null : Number(n.broadcastId),
    target: target(n.target),
    read: n.read,
    opened: n.opened,
    seen: n.seen,
    archived: n.archived,
    action_taken: n.actionTaken ?? null,
    // Only while snoozed.
    ...(n.snoozedUntil ? { snoozed_until: formatProtoTimestamp(n.snoozedUntil)! } : {}),
    created_at: formatProtoTimestamp(n.createdAt)!,
    updated_at: formatProtoTimestamp(n.updatedAt)!,
    status: n.status,
    send_at: formatProtoTimestamp(n.sendAt),
    email: outboundView(n.email, audience, 'email'),
    sms: outboundView(n.sms, audience, 'sms'),
    push: outboundView(n.push, audience, 'push'),
    // Only on a send that asked for a chat message.
    ...(requested(n.chat) ? { chat: outboundView(n.chat, audience, 'chat') } : {}),
    // Only on a send that asked for a mobile push.
    ...(requested(n.mobilePush) ? { mobile_push: outboundView(n.mobilePush, audience, 'mobile_push') } : {}),
    decision: notificationDecisionView(n),
  };
}

/**
 * One outbound medium's outcome (email, sms, push): `{status: "not_requested"}` when the send had no
 * block of it, else every field, unused ones null. `provider` names the configured provider that
 * sent it (failover). For a `recipient` audience the provider's error text is a fixed summary.
 */
function outboundView(e: OutboundOutcome | undefined, audience: Audience, field: keyof typeof ERROR_SUMMARY) {
  if (!e || e.status === 'not_requested' || e.status === '') return { status: 'not_requested' };
  return {
    status: e.status,
    reason: e.reason ?? null,
    // A chat webhook URL holds its secret: only the project's servers see it.
    address: field === 'chat' && audience !== 'full' ? null : (e.address ?? null),
    message_id: e.messageId ?? null,
    attempts: e.attempts,
    sent_at: formatProtoTimestamp(e.sentAt),
    error: e.error === undefined ? null : audience === 'full' ? e.error : ERROR_SUMMARY[field],
    provider: e.provider ?? null,
    // The digest an email was collected into.
    ...(field === 'email' ? { digest_id: e.digestId === undefined ? null : Number(e.digestId) } : {}),
  };
}

export type NotificationView = ReturnType<typeof notificationView>;

/** The rule or catalog entry that decided, as REST shows it; null for medium_default and for gates. */
export function decidingRuleView(d: Decision | undefined) {
  const r = d?.recipientRule;
  if (r) {
    return {
      target: target(r.target)!,
      medium: r.medium,
      enabled: r.enabled,
      set_at: formatProtoTimestamp(r.setAt),
      set_via: r.setVia ?? null,
    };
  }
  const c = d?.catalogEntry;
  if (c) {
    return {
      id: Number(c.id),
      label: c.label,
      target: target(c.target)!,
      medium: c.medium,
      default_enabled: c.defaultEnabled,
      mandatory: c.mandatory,
    };
  }
  return null;
}

/**
 * One medium's decision: `result` is the medium's outcome (or, for a preference check,
 * `enabled`/`disabled`); `because` the cascade step or gate that decided, null while pending.
 */
export function decisionView(d: Decision | undefined, result: string) {
  const pending = result === 'pending';
  return {
    result,
    because: pending || !d?.because ? null : d.because,
    rule: pending ? null : decidingRuleView(d),
  };
}

export type DecisionView = ReturnType<typeof decisionView>;

const requested = (e: OutboundOutcome | undefined): e is OutboundOutcome => e !== undefined && e.status !== '' && e.status !== 'not_requested';

/**
 * `decision` of a notification: one entry per medium the send asked for (in_app: a payload; email:
 * an email block; sms: an sms block; web_push: a push block); null for notifications written before
 * decisions were recorded.
 */
export function notificationDecisionView(n: Notification) {
  const d = n.decision;
  if (!d) return null;
  const out: { in_app?: DecisionView; email?: DecisionView; sms?: DecisionView; web_push?: DecisionView; chat?: DecisionView; mobile_push?: DecisionView } = {};
  if (n.status !== 'not_requested') out.in_app = decisionView(d.inApp, n.status === 'enqueued' || n.status === 'scheduled' ? 'pending' : n.status);
  if (requested(n.email)) out.email = decisionView(d.email, n.email.status);
  if (requested(n.sms)) out.sms = decisionView(d.sms, n.sms.status);
  if (requested(n.push)) out.web_push = decisionView(d.webPush, n.push.status);
  if (requested(n.chat)) out.chat = decisionView(d.chat, n.chat.status);
  if (requested(n.mobilePush)) out.mobile_push = decisionView(d.mobilePush, n.mobilePush.status);
  return out;
}

const broadcastOutcomeView = (o: BroadcastOutbound) => ({ status: o.status, ...(o.eligible !== undefined ? { eligible: Number(o.eligible) } : {}) });
const broadcastOutboundView = (o: BroadcastOutbound | undefined) => (o ? broadcastOutcomeView(o) : null);

export function broadcastView(b: Broadcast) {
  return {
    id: Number(b.id),
    target: target(b.target)!,
    payload: parse(b.payloadJson),
    status: b.status,
    recipients_total: Number(b.recipientsTotal),
    notifications_created: Number(b.notificationsCreated),
    email: broadcastOutboundView(b.email),
    push: broadcastOutboundView(b.push),
    ...(b.sms ? { sms: broadcastOutcomeView(b.sms) } : {}),
    ...(b.mobilePush ? { mobile_push: broadcastOutcomeView(b.mobilePush) } : {}),
    created_at: formatProtoTimestamp(b.createdAt)!,
    updated_at: formatProtoTimestamp(b.updatedAt)!,
    send_at: formatProtoTimestamp(b.sendAt),
    ...(b.audience ? { audience: audienceView(b.audience) } : {}),
  };
}

/** A send to many's audience: its list, or how many recipient ids; and how many were left out by name. */
const audienceView = (a: BroadcastAudience) => ({
  ...(a.list !== undefined ? { list: a.list } : {}),
  ...(a.recipientIds !== undefined ? { recipient_ids: Number(a.recipientIds) } : {}),
  excluded: Number(a.excluded),
});

export type BroadcastView = ReturnType<typeof broadcastView>;
