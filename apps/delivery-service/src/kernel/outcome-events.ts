import type { OutcomeType } from '@herald/contracts';
import type { Broadcast, Notification, OutboundStatus } from './notification';
import { EVENT_ID_PREFIX, OUTBOUND_MEDIUMS, outcomeField, type OutboundMedium } from './outbound';
import { outcomeOf, toNotification, type NotificationDoc } from './store/notification-repository';

/**
 * One outcome event (herald.delivery.v1.OutcomeEvent): what changed, with the record after the
 * change. `id` is deterministic per state change (the JetStream msgID), so re-emitting it from the
 * stored state (a redelivered job) is dropped by the stream's duplicate window.
 */
export interface OutcomeEvent {
  id: string;
  type: OutcomeType;
  at: Date;
  projectId: number;
  /** null: a project-level event (broadcast.completed). */
  recipientId: string | null;
  notification?: Notification;
  broadcast?: Broadcast;
  /** The device a provider reported gone and that was removed (device.removed). */
  removedDevice?: { id: number; platform: string };
}

/** The port the use cases emit through (a JetStream adapter in platform/outcome-publisher.ts). */
export interface OutcomeEvents {
  /** Publishes the events concurrently; resolves when the stream stored (or de-duplicated) every one. */
  emit(events: OutcomeEvent[]): Promise<void>;
}

const NOTIFICATION_FINAL: Partial<Record<Notification['status'], OutcomeType>> = {
  delivered: 'notification.delivered',
  suppressed: 'notification.suppressed',
  quota_exceeded: 'notification.quota_exceeded',
  failed: 'notification.failed',
  throttled: 'notification.throttled',
  canceled: 'notification.canceled',
};
/** The final outcomes of each outbound medium that are events (a retry, pending, is none). */
const OUTBOUND_FINAL: Record<OutboundMedium, Partial<Record<OutboundStatus, OutcomeType>>> = {
  email: { sent: 'email.sent', failed: 'email.failed', skipped: 'email.skipped' },
  sms: { sent: 'sms.sent', failed: 'sms.failed', skipped: 'sms.skipped', delivered: 'sms.delivered', undelivered: 'sms.undelivered' },
  web_push: { sent: 'push.sent', failed: 'push.failed', skipped: 'push.skipped' },
  chat: { sent: 'chat.sent', failed: 'chat.failed', skipped: 'chat.skipped' },
  mobile_push: { sent: 'notification.push_sent', failed: 'notification.push_failed' },
};

const event = (doc: NotificationDoc, id: string, type: OutcomeType, at: Date): OutcomeEvent => ({
  id,
  type,
  at,
  projectId: doc.project_id,
  recipientId: doc.recipient_id,
  notification: toNotification(doc),
});

/** The in-app outcome event of a gated notification (none while enqueued, none for an email-only send). */
export function statusEvents(doc: NotificationDoc, at: Date = doc.updated_at): OutcomeEvent[] {
  const type = NOTIFICATION_FINAL[doc.status];
  return type ? [event(doc, `n:${doc._id}:${doc.status}`, type, at)] : [];
}

/**
 * The outcome event of one outbound medium (sent, failed, skipped; for SMS also delivered and
 * undelivered, after sent; none while pending or not requested), e.g. `s:<id>:sent` / `sms.sent`.
 */
export function outboundEvents(doc: NotificationDoc, medium: OutboundMedium, at: Date = doc.updated_at): OutcomeEvent[] {
  const o = outcomeOf(doc, medium);
  const type = OUTBOUND_FINAL[medium][o.status];
  if (!type) return [];
  // Sent carries the sending time; a later status (the SMS callback) its own.
  const when = o.status === 'sent' || o.status === 'failed' ? (o.sent_at ?? at) : at;
  return [event(doc, `${EVENT_ID_PREFIX[medium]}:${doc._id}:${o.status}`, type, when)];
}

/** The email's final outcome event (sent, failed, skipped; none while pending or not requested). One per notification. */
export const emailEvents = (doc: NotificationDoc, at?: Date): OutcomeEvent[] => outboundEvents(doc, 'email', at);

/** The outbound mediums of a notification still to be sent (their jobs are published after its write). */
export const pendingOutbound = (doc: NotificationDoc): OutboundMedium[] => OUTBOUND_MEDIUMS.filter((m) => doc[outcomeField(m)]?.status === 'pending');

/** The final outcomes of a notification that left gating (in-app status, each outbound medium that ended at gating). */
export function gatedEvents(doc: NotificationDoc, at?: Date): OutcomeEvent[] {
  return [...statusEvents(doc, at), ...OUTBOUND_MEDIUMS.flatMap((m) => outboundEvents(doc, m, at))];
}

/** `broadcast.canceled` (project-level): a scheduled broadcast canceled before it fired. */
export function broadcastCanceledEvent(b: Broadcast, at: Date): OutcomeEvent {
  return { id: `b:${b.id}:canceled`, type: 'broadcast.canceled', at, projectId: b.projectId, recipientId: null, broadcast: b };
}

/** `notification.action`: the recipient chose an action (doc: after it was recorded); one id per notification and action. */
export function actionEvent(doc: NotificationDoc, actionId: string, at: Date): OutcomeEvent {
  return event(doc, `n:${doc._id}:action:${actionId}`, 'notification.action', at);
}

/** `notification.snoozed` (doc: after the snooze); one id per notification and wake-up time. */
export function snoozedEvent(doc: NotificationDoc, until: Date, at: Date): OutcomeEvent {
  return event(doc, `n:${doc._id}:snoozed:${until.getTime()}`, 'notification.snoozed', at);
}

/** `notification.unsnoozed` (doc: back in the feed); `at` is when: the due time, or when the recipient ended it. */
export function unsnoozedEvent(doc: NotificationDoc, at: Date): OutcomeEvent {
  return event(doc, `n:${doc._id}:unsnoozed:${at.getTime()}`, 'notification.unsnoozed', at);
}

/**
 * Events of a read/opened change of one notification (doc: after the change). The id carries the
 * change's time, so a repeated request (nothing changed) re-emits the same id, which is dropped.
 */
export function flagEvents(doc: NotificationDoc, change: { read?: boolean; opened?: boolean }, at: number): OutcomeEvent[] {
  const out: OutcomeEvent[] = [];
  const when = new Date(at);
  if (change.read !== undefined) out.push(event(doc, `n:${doc._id}:${change.read ? 'read' : 'unread'}:${at}`, change.read ? 'notification.read' : 'notification.unread', when));
  if (change.opened !== undefined) out.push(event(doc, `n:${doc._id}:${change.opened ? 'opened' : 'unopened'}:${at}`, change.opened ? 'notification.opened' : 'notification.unopened', when));
  return out;
}

/** What a seen/archived change set: the flags this call changed on one notification. */
export interface StateChange {
  seen?: boolean;
  archived?: boolean;
}

/**
 * Events of a seen/archived change of one notification (doc: after the change): notification.seen
 * (.unseen, internal), .archived, .unarchived. The id carries the change's time, like flagEvents.
 */
export function stateEvents(doc: NotificationDoc, change: StateChange, at: number): OutcomeEvent[] {
  const out: OutcomeEvent[] = [];
  const when = new Date(at);
  if (change.seen !== undefined) out.push(event(doc, `n:${doc._id}:${change.seen ? 'seen' : 'unseen'}:${at}`, change.seen ? 'notification.seen' : 'notification.unseen', when));
  if (change.archived !== undefined) out.push(event(doc, `n:${doc._id}:${change.archived ? 'archived' : 'unarchived'}:${at}`, change.archived ? 'notification.archived' : 'notification.unarchived', when));
  return out;
}
