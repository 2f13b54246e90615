import { emailNotRequested, type EmailOutcome } from '../domain/notification';
import { quotaPeriod } from '../domain/quota';
import type { NotificationDoc } from '../store/notification-repository';
import { quotaOwner } from '../store/quota-repository';
import { countByStatus } from '../telemetry/delivery-metrics';
import type { DeliveryDeps } from './deps';
import { createFinishBroadcast } from './finish-broadcast';
import { gateEmail } from './gate-email';

export interface ChunkJob {
  broadcastId: number;
  chunkIndex: number;
  firstNotificationId: number;
  recipientIds: string[];
}

/**
 * Creates and gates one chunk of a broadcast: one batched preference resolution, one quota
 * reservation for the chunk's enabled recipients, and one batched insert of notifications already
 * in their outcome (muted ones `suppressed`). Recipients that already have this broadcast's
 * notification (a redelivered chunk) are left alone; the chunk is counted on the broadcast once.
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
        docs.push({
          _id: id,
          project_id: b.project_id,
          recipient_id: recipientId,
          broadcast_id: b._id,
          key: `b:${b._id}:${recipientId}`,
          target: b.target,
          payload_json: b.payload_json,
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
    }
    const eligible = [...existing, ...docs].filter((n) => n.email.status === 'pending').length;
    await deps.broadcasts.recordChunkDone(b._id, job.chunkIndex, job.recipientIds.length, eligible);
    // Also when the chunk was counted already: a delivery that died between counting and finishing
    // must not leave the broadcast short of completion (finish is idempotent).
    await finish(b._id);
  };
}
