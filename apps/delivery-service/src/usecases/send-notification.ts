import { createHash } from 'node:crypto';
import { BroadcastJobSchema, DELIVERY_BROADCAST_SUBJECT, DELIVERY_NOTIFICATION_SUBJECT, NotificationJobSchema } from '@herald/contracts';
import { conflict, type Logger } from '@herald/service-kit';
import { emailNotRequested, emailPending, type Broadcast, type Notification } from '../domain/notification';
import { checkSend, targetNotCataloged, type Medium, type SendInput } from '../domain/send-rules';
import { toBroadcast } from '../store/broadcast-repository';
import { toNotification, type NotificationDoc } from '../store/notification-repository';
import type { DeliveryDeps } from './deps';

export interface SendResult {
  notification: Notification | null;
  broadcast: Broadcast | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Accepts a send (interface "Send notification", decisions §8). Writes nothing until every rule
 * passed (strict targets are checked before the recipient is auto-created). The notification is
 * written with `pending: true` (the outbox flag) and then its job published with msgID
 * `notification:<id>`; if the process dies in between, the outbox sweeper publishes it.
 */
export function createSendNotification(deps: DeliveryDeps, logger: Logger) {
  const perform = async (input: SendInput, mediums: Medium[]): Promise<SendResult> => {
    const projectId = BigInt(input.projectId);
    if (input.settings.strictTargets && input.target) {
      const { covered } = await deps.preferences.checkCoverage({
        projectId,
        queries: mediums.map((medium) => ({ target: input.target!, medium })),
      });
      const missing = mediums.filter((_, i) => !covered[i]);
      if (missing.length > 0) throw targetNotCataloged(missing);
    }
    const now = deps.now();
    if (input.recipientId === null) {
      const id = await deps.broadcastIds.next();
      const doc = {
        _id: id,
        project_id: input.projectId,
        target: input.target!,
        payload_json: input.payloadJson!,
        email_content: input.email,
        settings: input.settings,
        status: 'enqueued' as const,
        cursor: '',
        chunks_published: 0,
        fanout_done: false,
        recipients_total: 0,
        notifications_created: 0,
        email: input.email ? { status: 'pending' as const, eligible: null } : null,
        email_eligible: 0,
        created_at: now,
        updated_at: now,
      };
      await deps.broadcasts.insert(doc);
      await publishOrLeaveToSweeper(() =>
        deps.jobs.publish(DELIVERY_BROADCAST_SUBJECT, BroadcastJobSchema, { projectId, broadcastId: BigInt(id) }, `broadcast:${id}`),
      );
      return { notification: null, broadcast: toBroadcast(doc) };
    }
    await deps.recipients.ensureRecipient({ projectId, id: input.recipientId });
    const id = await deps.notificationIds.next();
    const doc: NotificationDoc = {
      _id: id,
      project_id: input.projectId,
      recipient_id: input.recipientId,
      broadcast_id: null,
      key: `d:${id}`,
      target: input.target,
      payload_json: input.payloadJson,
      read: false,
      opened: false,
      status: input.payloadJson !== null ? 'enqueued' : 'not_requested',
      email: input.email ? emailPending() : emailNotRequested(),
      email_content: input.email,
      settings: input.settings,
      pending: true,
      created_at: now,
      updated_at: now,
    };
    await deps.notifications.insert(doc);
    await publishOrLeaveToSweeper(() =>
      deps.jobs.publish(DELIVERY_NOTIFICATION_SUBJECT, NotificationJobSchema, { projectId, notificationId: BigInt(id) }, `notification:${id}`),
    );
    return { notification: toNotification(doc), broadcast: null };
  };

  /** The send is durable once written; a failed publish is retried by the outbox sweeper. */
  const publishOrLeaveToSweeper = async (publish: () => Promise<void>) => {
    try {
      await publish();
    } catch (err) {
      logger.warn({ err }, 'publish failed; the outbox sweeper will publish the job');
    }
  };

  return async function sendNotification(input: SendInput): Promise<SendResult> {
    const mediums = checkSend(input);
    const key = input.idempotencyKey;
    if (!key) return perform(input, mediums);
    const hash = createHash('sha256')
      .update(JSON.stringify([input.recipientId, input.target, input.payloadJson, input.email]))
      .digest('hex');
    const replay = await claimKey(deps, input.projectId, key, hash);
    if (replay) return replay;
    let result: SendResult;
    try {
      result = await perform(input, mediums);
    } catch (err) {
      await deps.idempotency.release(input.projectId, key).catch(() => undefined);
      throw err;
    }
    await deps.idempotency.complete(input.projectId, key, JSON.stringify(result));
    return result;
  };
}

/** Claims an Idempotency-Key; returns the first response when the same request was already made. */
async function claimKey(deps: DeliveryDeps, projectId: number, key: string, hash: string): Promise<SendResult | null> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const now = deps.now();
    const claim = await deps.idempotency.claim(projectId, key, hash, now);
    if (claim.kind === 'claimed') return null;
    const { doc } = claim;
    if (now.getTime() - doc.created_at.getTime() > DAY_MS) {
      await deps.idempotency.release(projectId, key, doc.created_at);
      continue;
    }
    if (doc.request_hash !== hash) {
      throw conflict('idempotency_conflict', 'This Idempotency-Key was used with a different request');
    }
    if (doc.response !== null) return reviveResult(doc.response);
    if (Date.now() > deadline) throw conflict('idempotency_conflict', 'A request with this Idempotency-Key is still in progress');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const DATE_KEYS = new Set(['createdAt', 'updatedAt', 'sent_at']);
function reviveResult(json: string): SendResult {
  return JSON.parse(json, (k, v) => (DATE_KEYS.has(k) && typeof v === 'string' ? new Date(v) : v)) as SendResult;
}
