import { emailSkipped, type Broadcast, type BroadcastOutbound } from '../kernel/notification';
import { outcomeField, type OutboundMedium } from '../kernel/outbound';
import { toBroadcast, type BroadcastProgress, type ChunkDoc } from '../kernel/store/broadcast-repository';
import { dispatchOutbound, type DispatchOutboundDeps, type OutcomeRepository } from '../outbound';
import { outboundEvents, type OutcomeEvent } from '../kernel/outcome-events';
import { broadcastOutbound } from './broadcast-outbound';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { NotificationRepository } from '../kernel/store/notification-repository';

/** The ports this use case works with. */
export interface FinishBroadcastDeps extends DispatchOutboundDeps {
  outcomes: OutcomeRepository;
  broadcasts: BroadcastRepository;
  events: OutcomeEvents;
  notifications: NotificationRepository;
  now: () => Date;
}

/** A chunk record's pending ids of a medium, and whether the chunk published them itself. */
function chunkPending(chunk: ChunkDoc, medium: OutboundMedium): { ids: number[]; published: boolean } {
  if (medium === 'email') return { ids: chunk.email_ids ?? [], published: chunk.emails_published === true };
  if (medium === 'sms') return { ids: chunk.sms_ids ?? [], published: chunk.sms_published === true };
  if (medium === 'mobile_push') return { ids: chunk.mobile_push_ids ?? [], published: chunk.mobile_push_published === true };
  return { ids: chunk.push_ids ?? [], published: chunk.push_published === true };
}

/** Recipients of a broadcast eligible for a medium, as counted so far. */
function eligibleFor(progress: BroadcastProgress, medium: OutboundMedium): number {
  if (medium === 'email') return progress.eligible;
  if (medium === 'sms') return progress.smsEligible ?? 0;
  if (medium === 'mobile_push') return progress.mobilePushEligible ?? 0;
  return progress.pushEligible;
}

const completedEvent = (b: Broadcast): OutcomeEvent => ({
  id: `b:${b.id}:completed`,
  type: 'broadcast.completed',
  at: b.updatedAt,
  projectId: b.projectId,
  recipientId: null,
  broadcast: b,
});

/** Chunk records read at a time by the email step (each holds at most one chunk's email ids). */
const CHUNKS_PER_READ = 10;

/**
 * Advances a broadcast's counted prefix over the chunks recorded since, and completes the broadcast
 * once its fan-out is done and every chunk is written and gated. The chunk counts come from that prefix,
 * never from reading every chunk record. The caps of email, push and SMS are decided here, with every
 * eligible recipient counted: over `max_broadcast_recipients_for_email` (`_for_push`, or the list caps
 * of a send to many) no message of that medium is sent (each pending one ends skipped
 * `broadcast_limit_exceeded`, the broadcast's `email` / `push` / `sms` `blocked`); otherwise each pending one is handed to the medium's sender. Both
 * walk the chunk records a few at a time (their pending ids), skipping chunks that published a
 * medium's jobs themselves, so memory holds at most CHUNKS_PER_READ chunks' ids.
 */
export function createFinishBroadcast(deps: FinishBroadcastDeps) {
  return async function finishBroadcast(broadcastId: number, working: () => void = () => undefined): Promise<void> {
    const b = await deps.broadcasts.findById(null, broadcastId);
    if (!b) return;
    // Completed by an earlier delivery: its event re-emitted from the store (dropped as a repeat),
    // and its cap slot freed (again: the earlier delivery may have died before it did).
    if (b.status === 'completed') {
      await deps.broadcasts.releaseSlot(broadcastId);
      return deps.events.emit([completedEvent(toBroadcast(b))]);
    }
    // Also while the fan-out runs: the counted prefix is what GET /broadcasts/{id} shows.
    const progress = await deps.broadcasts.advanceProgress(broadcastId);
    if (!b.fanout_done || progress.chunksDone < b.chunks_published) return;
    const mediums = broadcastOutbound(b).map(({ medium, cap }) => ({ medium, eligible: eligibleFor(progress, medium), blocked: eligibleFor(progress, medium) > cap }));
    if (mediums.length > 0) {
      for (let from = 0; from < b.chunks_published; from += CHUNKS_PER_READ) {
        for (const chunk of await deps.broadcasts.chunkRecords(broadcastId, from, CHUNKS_PER_READ)) {
          for (const { medium, blocked } of mediums) {
            const { ids, published } = chunkPending(chunk, medium);
            if (ids.length === 0) continue;
            if (blocked) {
              await deps.outcomes.setOutcomeForBroadcast(medium, broadcastId, ids, emailSkipped('broadcast_limit_exceeded'), deps.now());
              // The skipped event of each (also those skipped by an earlier, interrupted pass: repeats are dropped).
              const skipped = (await deps.notifications.findByIds(ids)).filter((n) => {
                const o = n[outcomeField(medium)];
                return o?.status === 'skipped' && o.reason === 'broadcast_limit_exceeded';
              });
              await deps.events.emit(skipped.flatMap((n) => outboundEvents(n, medium)));
            } else if (!published) {
              // At once, or for email after the escalation delay, counted from now: at least the delay after each in-app delivery.
              const now = deps.now();
              const delaySeconds = medium === 'email' ? (b.email_content?.delay_seconds ?? 0) : 0;
              await dispatchOutbound(deps, ids.map((id) => ({ medium, projectId: b.project_id, id, delaySeconds })), () => now);
            }
          }
        }
        working();
      }
    }
    const outcomeOf = (medium: OutboundMedium): BroadcastOutbound | null => {
      const m = mediums.find((x) => x.medium === medium);
      return m ? { status: m.blocked ? 'blocked' : 'sent', eligible: m.eligible } : null;
    };
    const email = outcomeOf('email');
    const push = outcomeOf('web_push');
    const sms = outcomeOf('sms');
    const mobilePush = outcomeOf('mobile_push');
    const now = deps.now();
    const finished = await deps.broadcasts.finish(broadcastId, progress, { email, push, sms, mobilePush }, now);
    const completed = { ...b, status: 'completed' as const, email, push, ...(sms ? { sms } : {}), ...(mobilePush ? { mobile_push: mobilePush } : {}), notifications_created: progress.created, updated_at: now };
    const after = finished ? completed : await deps.broadcasts.findById(null, broadcastId);
    if (after?.status === 'completed') {
      // Its slot of BROADCAST_MAX_ACTIVE_PER_PROJECT is free (a crash before this: taken over by the next send).
      await deps.broadcasts.releaseSlot(broadcastId);
      await deps.events.emit([completedEvent(toBroadcast(after))]);
    }
  };
}
