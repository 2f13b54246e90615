import type { EventAttempts } from '../webhooks';
import type { Notification } from '../kernel/notification';
import { timerId, type TimerRepository } from '../kernel/store/timer-repository';
import type { DigestRepository } from '../scheduling';
import type { OutcomeRecordDoc } from '../kernel/store/outcome-records';
import { attemptSteps } from './attempt-steps';
import { inTimeOrder, notificationSteps, outcomeEventIds, type TimelineStep } from './timeline-steps';

/** The ports this use case works with. */
export interface GetTimelineDeps {
  /**
   * The notification as GET /notifications/{id} shows it (its 404 rules included), with its outcome
   * records (each outbound attempt's answer), read once for both.
   */
  getNotification: (projectId: number, id: number) => Promise<{ notification: Notification; records: OutcomeRecordDoc[] }>;
  timers: Pick<TimerRepository, 'find' | 'fateOf'>;
  digests: Pick<DigestRepository, 'findById'>;
  eventAttempts: EventAttempts;
}

/**
 * `GET /notifications/{id}/timeline`: the notification's steps in time order. Reads by key only:
 * the notification, its outcome records (each outbound attempt: by notification id, read once for
 * its outcomes and its attempt steps), its escalation timer and fate (by `_id` `email:<id>`), its
 * digest (by id), and the project's endpoints' deliveries of its outcome events (the (webhook_id,
 * event_id) index).
 */
export function createGetTimeline(deps: GetTimelineDeps) {
  return async (projectId: number, id: number): Promise<TimelineStep[]> => {
    const { notification: n, records } = await deps.getNotification(projectId, id);
    const [escalation, digest, webhooks] = await Promise.all([escalationSteps(deps, n), digestSteps(deps, n), webhookSteps(deps, n)]);
    return inTimeOrder([...notificationSteps(n), ...attemptSteps(n, records), ...escalation, ...digest, ...webhooks]);
  };
}

/** A delayed email's timer: scheduled (while it waits), then fired or canceled (its fate). */
async function escalationSteps(deps: GetTimelineDeps, n: Notification): Promise<TimelineStep[]> {
  const id = timerId('email', n.id);
  const [timer, fate] = await Promise.all([deps.timers.find(id), deps.timers.fateOf(id)]);
  const steps: TimelineStep[] = [];
  if (timer && timer.project_id === n.projectId) steps.push({ at: new Date(timer.due_ms), kind: 'escalation', medium: 'email', status: 'scheduled' });
  if (fate) steps.push({ at: fate.at, kind: 'escalation', medium: 'email', status: fate.fate });
  return steps;
}

/** The digest the email was collected into: when it was sent (or how it ended), or when it closes. */
async function digestSteps(deps: GetTimelineDeps, n: Notification): Promise<TimelineStep[]> {
  if (!n.email.digest_id) return [];
  const d = await deps.digests.findById(n.projectId, n.email.digest_id);
  if (!d) return [];
  const at = d.sent_at ?? (d.status === 'open' ? new Date(d.closes_ms) : n.updatedAt);
  return [{ at, kind: 'digest', medium: 'email', status: d.status, digestId: d._id, ...(d.reason ? { detail: d.reason } : {}) }];
}

/** Every attempt to deliver the notification's outcome events to the project's endpoints. */
async function webhookSteps(deps: GetTimelineDeps, n: Notification): Promise<TimelineStep[]> {
  const attempts = await deps.eventAttempts(n.projectId, outcomeEventIds(n));
  return attempts.map((a) => ({
    at: a.at,
    kind: 'webhook',
    medium: '',
    status: a.responseStatus !== null && a.responseStatus >= 200 && a.responseStatus < 300 ? 'succeeded' : 'failed',
    webhookId: a.webhookId,
    webhookUrl: a.url,
    eventType: a.eventType,
    latencyMs: a.latencyMs,
    ...(a.responseStatus !== null ? { responseStatus: a.responseStatus } : {}),
    ...(a.error ? { detail: a.error } : {}),
  }));
}
