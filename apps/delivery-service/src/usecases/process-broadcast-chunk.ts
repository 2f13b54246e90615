import { emailNotRequested, type EmailOutcome } from '../domain/notification';
import { quotaPeriod } from '../domain/quota';
import type { NotificationDoc } from '../store/notification-repository';
import { quotaOwner } from '../store/quota-repository';
import { countByStatus } from '../telemetry/delivery-metrics';
import type { DeliveryDeps } from './deps';
import { publishEach } from './publish-each';
import { createFinishBroadcast } from './finish-broadcast';
import { gateEmail } from './gate-email';
import { gatedEvents } from './outcome-events';

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

/**
 * Creates and gates one chunk of a broadcast: one batched preference resolution, one quota
 * reservation for the chunk's enabled recipients, and one batched insert of notifications already
 * in their outcome (muted ones `suppressed`). Recipients that already have this broadcast's
 * notification (a redelivered chunk) are left alone; the chunk is counted on the broadcast once.
 * After the insert, the erasure tombstones of the chunk's recipients are checked: a recipient
 * erased while the chunk was in flight loses the notification just inserted (the erasure handler
 * may have run before the insert). The chunk's record keeps its pending email ids; when the cap
 * cannot be exceeded any more (every recipient left to page would not bring the eligible count over
 * it), the chunk publishes its email jobs itself and the finish step has nothing to page for it.
 */
export function createProcessBroadcastChunk(deps: DeliveryDeps) {
  const finish = createFinishBroadcast(deps);
  return async function processBroadcastChunk(job: ChunkJob): Promise<void> {
    const b = await deps.broadcasts.findById(null, job.broadcastId);
    if (!b) return;
    const projectId = BigInt(b.project_id);
    const existing = await deps.notifications.findForBroadcast(b._id, job.recipientIds);
    const have = new Set(existing.map((n) => n.recipient_id));
    const todo = job.recipientIds.filter((id) => !have.has(id));
    const now = deps.now();
    const docs: NotificationDoc[] = [];
    let raced = false;
    if (todo.length > 0) {
      const { enabled } = await deps.preferences.resolveBatch({ projectId, target: b.target, medium: 'in_app', recipientIds: todo });
      const position = new Map(job.recipientIds.map((id, i) => [id, i]));
      const idOf = (recipientId: string) => job.firstNotificationId + position.get(recipientId)!;
      // One unit per notification (its id is fixed by the chunk), in the broadcast's month: a redelivered chunk spends nothing twice.
      const owners = todo.filter((_, i) => enabled[i]).map((r) => quotaOwner(idOf(r), 'in_app'));
      const granted = await deps.quota.reserve(b.project_id, quotaPeriod(b.created_at), owners, b.settings.monthlyQuota, existing.length > 0);
      deps.metrics.quotaRefused('in_app', owners.length - granted.size);
      const emails: Map<string, EmailOutcome> | null = b.email_content ? await gateEmail(deps, b.project_id, b.target, todo) : null;
      todo.forEach((recipientId, i) => {
        const id = idOf(recipientId);
        const status = !enabled[i] ? 'suppressed' : granted.has(quotaOwner(id, 'in_app')) ? 'delivered' : 'quota_exceeded';
        const seq = job.recipientSeqs?.[position.get(recipientId)!];
        docs.push({
          _id: id,
          project_id: b.project_id,
          recipient_id: recipientId,
          ...(seq !== undefined ? { recipient_seq: Number(seq) } : {}),
          broadcast_id: b._id,
          key: `b:${b._id}:${recipientId}`,
          target: b.target,
          payload_json: b.payload_json,
          payload_in_broadcast: true, // stored once, on the broadcast
          read: false,
          opened: false,
          status,
          email: emails?.get(recipientId) ?? emailNotRequested(),
          email_content: null,
          settings: b.settings,
          pending: false,
          created_at: now,
          updated_at: now,
        });
      });
      // A racing redelivery of this chunk may have inserted some: then this delivery does not count them.
      if ((await deps.notifications.insertManyIdempotent(docs)) === docs.length) countByStatus(deps.metrics, docs);
      else raced = true;
    }
    // Erasures that raced this chunk: their notifications go (checked after the insert, so either
    // this check sees the tombstone or the erasure handler, writing it first, sees the insert).
    const erased = await deps.notifications.deleteErasedOfBroadcast(b._id, b.project_id, job.recipientIds);
    // An erased recipient still counts as created (as when the erasure comes after completion, so
    // `notifications_created == recipients_total`), but is no longer eligible for email.
    const all = [...existing, ...docs];
    // Outcome events of the chunk's notifications (those of an earlier delivery re-emitted, dropped
    // as repeats), before the chunk is recorded: a crash before the record redelivers the chunk.
    // When a racing delivery inserted some, its outcomes are the stored ones.
    const stored = raced ? await deps.notifications.findForBroadcast(b._id, job.recipientIds) : all;
    await deps.events.emit(stored.filter((n) => !erased.has(n.recipient_id)).flatMap((n) => gatedEvents(n)));
    const emailIds = all.filter((n) => n.email.status === 'pending' && !erased.has(n.recipient_id)).map((n) => n._id);
    // The cap cannot be exceeded when even every recipient not yet paged would not bring the count over it.
    const capSafe = b.email_content !== null && emailIds.length > 0 && (await capCannotBeExceeded(deps, b._id));
    if (capSafe) await publishEach(emailIds, (id) => deps.jobs.email(projectId, id));
    await deps.broadcasts.recordChunkDone(b._id, job.chunkIndex, { created: all.length, eligible: emailIds.length, emailIds, emailsPublished: capSafe });
    // Also when the chunk was counted already: a delivery that died between counting and finishing
    // must not leave the broadcast short of completion (finish is idempotent).
    await finish(b._id);
  };
}

/**
 * True when the broadcast's eligible email count cannot end over its cap: the recipients paged so
 * far plus the most the fan-out can still page (the recipient service's bound on what is left after
 * the saved cursor) fit under it.
 */
async function capCannotBeExceeded(deps: DeliveryDeps, broadcastId: number): Promise<boolean> {
  const b = await deps.broadcasts.findById(null, broadcastId);
  if (!b || !b.upper_bound || b.recipients_left_at_most == null) return false;
  const left = b.fanout_done ? 0 : b.recipients_left_at_most;
  return b.recipients_total + left <= b.settings.maxBroadcastRecipientsForEmail;
}
