import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { Decision } from './gen/herald/common/v1/decision_pb.js';
import type { Broadcast, Notification } from './gen/herald/delivery/v1/delivery_pb.js';

/**
 * The REST JSON views of a Notification and a Broadcast (decisions §8), shared by the gateway's
 * routes, its live stream and the webhook dispatcher, so that every surface shows one shape.
 */

/** decisions §1: UTC, second precision, exactly `YYYY-MM-DDTHH:MM:SSZ`. */
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

/** Who reads: `full` (a Full key: the project's servers) or `recipient` (Recipient key, recipient token: maybe a browser). */
export type Audience = 'full' | 'recipient';

/**
 * The REST Notification (decisions §8): `email` is `{status: "not_requested"}` when the send had no
 * email block. For a `recipient` audience the provider's error text (SMTP replies of up to 500
 * characters: relay host names, policy text, sometimes other addresses) is replaced by a fixed
 * summary; `status` and `reason` still say what happened. `address` stays: it is the recipient's
 * own contact, which the same credential can read anyway.
 */
export function notificationView(n: Notification, audience: Audience = 'full') {
  const e = n.email;
  const email =
    !e || e.status === 'not_requested'
      ? { status: 'not_requested' }
      : {
          status: e.status,
          reason: e.reason ?? null,
          address: e.address ?? null,
          message_id: e.messageId ?? null,
          attempts: e.attempts,
          sent_at: formatProtoTimestamp(e.sentAt),
          error: e.error === undefined ? null : audience === 'full' ? e.error : EMAIL_ERROR_SUMMARY,
          digest_id: e.digestId === undefined ? null : Number(e.digestId),
        };
  return {
    id: Number(n.id),
    recipient_id: n.recipientId,
    payload: parse(n.payloadJson),
    broadcast_id: n.broadcastId === undefined ? null : Number(n.broadcastId),
    target: target(n.target),
    read: n.read,
    opened: n.opened,
    created_at: formatProtoTimestamp(n.createdAt)!,
    updated_at: formatProtoTimestamp(n.updatedAt)!,
    status: n.status,
    send_at: formatProtoTimestamp(n.sendAt),
    email,
    decision: notificationDecisionView(n),
  };
}

export type NotificationView = ReturnType<typeof notificationView>;

/** The rule or catalog entry that decided (issue 19), as REST shows it; null for medium_default and for gates. */
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
 * One medium's decision (issue 19): `result` is the medium's outcome (or, for a preference check,
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

/**
 * `decision` of a notification: one entry per medium the send asked for (in_app: a payload; email:
 * an email block); null for notifications written before decisions were recorded.
 */
export function notificationDecisionView(n: Notification) {
  const d = n.decision;
  if (!d) return null;
  const out: { in_app?: DecisionView; email?: DecisionView } = {};
  if (n.status !== 'not_requested') out.in_app = decisionView(d.inApp, n.status === 'enqueued' || n.status === 'scheduled' ? 'pending' : n.status);
  if (n.email && n.email.status !== 'not_requested') out.email = decisionView(d.email, n.email.status);
  return out;
}

export function broadcastView(b: Broadcast) {
  return {
    id: Number(b.id),
    target: target(b.target)!,
    payload: parse(b.payloadJson),
    status: b.status,
    recipients_total: Number(b.recipientsTotal),
    notifications_created: Number(b.notificationsCreated),
    email: b.email ? { status: b.email.status, ...(b.email.eligible !== undefined ? { eligible: Number(b.email.eligible) } : {}) } : null,
    created_at: formatProtoTimestamp(b.createdAt)!,
    updated_at: formatProtoTimestamp(b.updatedAt)!,
    send_at: formatProtoTimestamp(b.sendAt),
  };
}

export type BroadcastView = ReturnType<typeof broadcastView>;
