import { expiresAt } from '../kernel/notification';
import { outcomeField, type OutboundMedium } from '../kernel/outbound';
import { targetKeys } from '../kernel/store/activity-keys';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { countByStatus, type DeliveryMetrics } from '../platform';
import { decide, type Decided, type DecideDeps, outcomeFields } from '../sends';
import { dispatchOutbound, type DispatchOutboundDeps } from '../outbound';
import { broadcastOutbound } from './broadcast-outbound';
import { createFinishBroadcast, type FinishBroadcastDeps } from './finish-broadcast';
import { gatedEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { BroadcastDoc, BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { NotificationRepository } from '../kernel/store/notification-repository';

export interface ChunkJob {
  broadcastId: number;
  chunkIndex: number;
  firstNotificationId: number;
  recipientIds: string[];
  /**
   * Each recipient's incarnation (recipient service creation sequence), same order; stored on its
   * notification so that an erasure removes exactly the erased incarnation's, whenever it lands.
   * Absent in jobs published before it existed.
   */
  recipientSeqs?: (number | bigint)[];
}

/** The ports this use case works with. */
export interface ProcessBroadcastChunkDeps extends DecideDeps, DispatchOutboundDeps, FinishBroadcastDeps {
  broadcasts: BroadcastRepository;
  events: OutcomeEvents;
  metrics: DeliveryMetrics;
  notifications: NotificationRepository;
  now: () => Date;
}

/**
 * Creates and gates one chunk of a broadcast: decided like direct sends (`decide`: one batched
 * preference resolution, one quota reservation for the chunk's enabled recipients, email and push
 * gating in batch) and written through the paced write lane, already in their outcome (muted ones
 * `suppressed`), each with its decision; each slice's documents are built when the lane admits
 * it. Recipients that already have this broadcast's notification (a redelivered chunk) are left alone; the chunk is counted on the broadcast once.
 * After the insert, the erasure tombstones of the chunk's recipients are checked: a recipient
 * erased while the chunk was in flight loses the notification just inserted (the erasure handler
 * may have run before the insert). The chunk's record keeps its pending email and push ids; when a
 * medium's cap cannot be exceeded any more (every recipient left to page would not bring the
 * eligible count over it), the chunk publishes that medium's jobs itself and the finish step has
 * nothing to page for it.
 */
export function createProcessBroadcastChunk(deps: ProcessBroadcastChunkDeps) {
  const finish = createFinishBroadcast(deps);
  return async function processBroadcastChunk(job: ChunkJob): Promise<void> {
    const b = await deps.broadcasts.findById(null, job.broadcastId);
    if (!b) return;
    // Ids are fixed by the chunk (its reserved block, in page order): a redelivered chunk meets its
    // own notifications by _id, and decides only the recipients it has not written yet.
    const idOf = (i: number) => job.firstNotificationId + i;
    const existing = await deps.notifications.findByIds(job.recipientIds.map((_, i) => idOf(i)));
    const have = new Set(existing.map((n) => n._id));
    const todo = job.recipientIds.map((recipientId, i) => ({ recipientId, id: idOf(i), seq: job.recipientSeqs?.[i] })).filter((r) => !have.has(r.id));
    const now = deps.now();
    const outbound = broadcastOutbound(b);
    const decided =
      todo.length === 0
        ? new Map<number, Decided>()
        : await decide(
            deps,
            todo.map((r) => ({
              id: r.id,
              projectId: b.project_id,
              recipientId: r.recipientId,
              target: b.target,
              inApp: true,
              outbound: outbound.map((o) => o.medium),
              monthlyQuota: b.settings.monthlyQuota,
              // One unit per notification, in the broadcast's month: a redelivered chunk spends nothing twice.
              createdAt: b.send_at ?? b.created_at,
            })),
            { maybeSpent: existing.length > 0 },
          );
    // Each slice's documents are built once the write lane admits it (a chunk waiting for the lane holds no documents).
    const { inserted, writtenBefore } = await deps.notifications.insertPaced(todo, (r) => chunkDoc(b, r, decided.get(r.id)!, now));
    countByStatus(deps.metrics, inserted);
    // A racing delivery of this chunk wrote some: their stored outcomes are the ones.
    const all = [...existing, ...inserted, ...(await deps.notifications.findByIds(writtenBefore))];
    // Erasures that raced this chunk: their notifications go (checked after the insert, so either
    // this check sees the tombstone or the erasure handler, writing it first, sees the insert).
    const erased = await deps.notifications.deleteErased(all);
    // An erased recipient still counts as created (as when the erasure comes after completion, so
    // `notifications_created == recipients_total`), but is no longer eligible for email.
    const live = all.filter((n) => !erased.has(n._id));
    // Outcome events of the chunk's notifications (those of an earlier delivery re-emitted, dropped
    // as repeats), before the chunk is recorded: a crash before the record redelivers the chunk.
    await deps.events.emit(live.flatMap((n) => gatedEvents(n)));
    // Per outbound medium: the pending ones; handed to the sender now (for email, after the escalation
    // delay) when the medium's cap cannot be exceeded any more (even every recipient not yet
    // paged would not bring the count over it).
    const pending = new Map<OutboundMedium, { ids: number[]; published: boolean }>();
    for (const { medium, cap } of outbound) {
      const ids = live.filter((n) => n[outcomeField(medium)]?.status === 'pending').map((n) => n._id);
      const published = ids.length > 0 && (await capCannotBeExceeded(deps, b._id, cap));
      if (published) {
        const delaySeconds = medium === 'email' ? (b.email_content?.delay_seconds ?? 0) : 0;
        await dispatchOutbound(deps, ids.map((id) => ({ medium, projectId: b.project_id, id, delaySeconds })), () => now);
      }
      pending.set(medium, { ids, published });
    }
    const email = pending.get('email') ?? { ids: [], published: false };
    const push = pending.get('web_push') ?? { ids: [], published: false };
    const sms = pending.get('sms') ?? { ids: [], published: false };
    const mobilePush = pending.get('mobile_push') ?? { ids: [], published: false };
    await deps.broadcasts.recordChunkDone(b._id, job.chunkIndex, {
      created: all.length,
      eligible: email.ids.length,
      emailIds: email.ids,
      emailsPublished: email.published,
      pushEligible: push.ids.length,
      pushIds: push.ids,
      pushPublished: push.published,
      smsEligible: sms.ids.length,
      smsIds: sms.ids,
      smsPublished: sms.published,
      mobilePushEligible: mobilePush.ids.length,
      mobilePushIds: mobilePush.ids,
      mobilePushPublished: mobilePush.published,
    });
    // Also when the chunk was counted already: a delivery that died between counting and finishing
    // must not leave the broadcast short of completion (finish is idempotent).
    await finish(b._id);
  };
}

/**
 * True when the broadcast's eligible count of a medium cannot end over its cap: the recipients
 * paged so far plus the most the fan-out can still page (the recipient service's bound on what is
 * left after the saved cursor) fit under it.
 */
async function capCannotBeExceeded(deps: ProcessBroadcastChunkDeps, broadcastId: number, cap: number): Promise<boolean> {
  const b = await deps.broadcasts.findById(null, broadcastId);
  if (!b || !b.upper_bound || b.recipients_left_at_most == null) return false;
  const left = b.fanout_done ? 0 : b.recipients_left_at_most;
  return b.recipients_total + left <= cap;
}

/** The notification of one recipient of a broadcast chunk, in its decided state (written once). */
function chunkDoc(b: BroadcastDoc, r: { recipientId: string; id: number; seq?: number | bigint }, d: Decided, now: Date): NotificationDoc {
  return {
    _id: r.id,
    project_id: b.project_id,
    recipient_id: r.recipientId,
    ...(r.seq !== undefined ? { recipient_seq: Number(r.seq) } : {}),
    broadcast_id: b._id,
    target: b.target,
    ...targetKeys(b.target),
    payload_json: b.payload_json,
    payload_in_broadcast: true, // stored once, on the broadcast
    read: false,
    opened: false,
    status: d.status,
    ...outcomeFields(d.outbound),
    email_content: null,
    // SMS texts are short: each pending one carries its own, as a direct send's does.
    ...(d.outbound.sms?.status === 'pending' ? { sms_content: b.sms_content } : {}),
    ...(d.outbound.mobile_push?.status === 'pending' ? { mobile_push_content: b.mobile_push_content } : {}),
    ...(Object.values(d.outbound).some((o) => o?.status === 'pending') ? { settings: b.settings } : {}),
    decision: d.decision,
    ...(d.digest ? { digest_rule: d.digest } : {}),
    ...(b.send_at ? { send_at: b.send_at } : {}),
    expires_at: expiresAt(b.settings, now),
    created_at: now,
    updated_at: now,
  };
}
