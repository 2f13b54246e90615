import type { Notification, OutboundOutcome } from '../kernel/notification';
import { EVENT_ID_PREFIX, OUTBOUND_MEDIUMS, type OutboundMedium } from '../kernel/outbound';

/** One step of a notification's timeline (docs/console.md#one-notification). */
export interface TimelineStep {
  at: Date;
  kind: 'accepted' | 'decided' | 'outbound' | 'attempt' | 'escalation' | 'digest' | 'webhook';
  /** in_app or an outbound medium; empty for accepted and webhook steps. */
  medium: string;
  status: string;
  provider?: string;
  detail?: string;
  attempts?: number;
  digestId?: number;
  webhookId?: number;
  webhookUrl?: string;
  eventType?: string;
  responseStatus?: number;
  latencyMs?: number;
  /** An attempt step's number (1 for the medium's first). */
  attempt?: number;
  /** An attempt step's provider message id. */
  messageId?: string;
}

/** The outcome of one outbound medium in the notification's view (absent: not requested). */
export function outcomeIn(n: Notification, medium: OutboundMedium): OutboundOutcome | undefined {
  const o = { email: n.email, sms: n.sms, web_push: n.push, chat: n.chat, mobile_push: n.mobilePush }[medium];
  return o && o.status !== 'not_requested' ? o : undefined;
}

/**
 * The ids of the outcome events the notification's current state was announced with: its own
 * final status and each outbound medium's (an SMS delivered or undelivered was sent first). Events
 * of the recipient's later changes (read, seen…) carry their time in the id and are not named here.
 */
export function outcomeEventIds(n: Notification): string[] {
  const ids = [`n:${n.id}:${n.status}`];
  for (const medium of OUTBOUND_MEDIUMS) {
    const o = outcomeIn(n, medium);
    if (!o || o.status === 'pending') continue;
    const prefix = `${EVENT_ID_PREFIX[medium]}:${n.id}`;
    ids.push(`${prefix}:${o.status}`);
    if (o.status === 'delivered' || o.status === 'undelivered') ids.push(`${prefix}:sent`);
  }
  return ids;
}

/**
 * The steps the notification itself records: accepted, the decision of each medium (written with
 * the notification), and each outbound medium's outcome: when it was sent, or, for a skip, a
 * failure or a pending message, the notification's last change.
 */
export function notificationSteps(n: Notification): TimelineStep[] {
  const steps: TimelineStep[] = [{ at: n.createdAt, kind: 'accepted', medium: '', status: n.status }];
  for (const [medium, decision] of Object.entries(n.decision ?? {})) {
    if (decision) steps.push({ at: n.createdAt, kind: 'decided', medium, status: decision.because });
  }
  for (const medium of OUTBOUND_MEDIUMS) {
    const o = outcomeIn(n, medium);
    if (!o) continue;
    const detail = o.error ?? o.reason ?? undefined;
    steps.push({
      at: o.sent_at ?? n.updatedAt,
      kind: 'outbound',
      medium,
      status: o.status,
      attempts: o.attempts,
      ...(o.provider ? { provider: o.provider } : {}),
      ...(detail ? { detail } : {}),
      ...(o.digest_id ? { digestId: o.digest_id } : {}),
    });
  }
  return steps;
}

/** The steps in time order (a stable sort: steps of one instant keep the order they were built in). */
export const inTimeOrder = (steps: TimelineStep[]): TimelineStep[] => [...steps].sort((a, b) => a.at.getTime() - b.at.getTime());
