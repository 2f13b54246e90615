import { emailSkipped } from '../domain/notification';
import { toBroadcast } from '../store/broadcast-repository';
import type { Broadcast } from '../domain/notification';
import type { DeliveryDeps } from './deps';
import { dispatchEmails } from './dispatch-emails';
import { emailEvents, type OutcomeEvent } from './outcome-events';

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
 * never from reading every chunk record. The email cap is decided here, with every eligible
 * recipient counted: over `max_broadcast_recipients_for_email` no email of the broadcast is sent
 * (each pending one ends skipped `broadcast_limit_exceeded`, the broadcast's email `blocked`);
 * otherwise each pending email is handed to the email sender. Both walk the chunk records a few at
 * a time (their pending email ids), skipping chunks that published their emails themselves, so
 * memory holds at most CHUNKS_PER_READ chunks' ids.
 */
export function createFinishBroadcast(deps: DeliveryDeps) {
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
    let email = b.email;
    if (b.email_content) {
      const eligible = progress.eligible;
      const blocked = eligible > b.settings.maxBroadcastRecipientsForEmail;
      for (let from = 0; from < b.chunks_published; from += CHUNKS_PER_READ) {
        for (const chunk of await deps.broadcasts.chunkRecords(broadcastId, from, CHUNKS_PER_READ)) {
          const ids = chunk.email_ids ?? [];
          if (ids.length === 0) continue;
          if (blocked) {
            await deps.notifications.setEmailForBroadcast(broadcastId, ids, emailSkipped('broadcast_limit_exceeded'), deps.now());
            // email.skipped of each (also those skipped by an earlier, interrupted pass: repeats are dropped).
            const skipped = (await deps.notifications.findByIds(ids)).filter((n) => n.email.status === 'skipped' && n.email.reason === 'broadcast_limit_exceeded');
            await deps.events.emit(skipped.flatMap((n) => emailEvents(n)));
          } else if (!chunk.emails_published) {
            // At once, or after the escalation delay (issue 21), counted from now: at least the delay after each in-app delivery.
            const now = deps.now();
            const delaySeconds = b.email_content.delay_seconds ?? 0;
            await dispatchEmails(deps, ids.map((id) => ({ projectId: b.project_id, id, delaySeconds })), () => now);
          }
        }
        working();
      }
      email = { status: blocked ? 'blocked' : 'sent', eligible };
    }
    const now = deps.now();
    const finished = await deps.broadcasts.finish(broadcastId, progress, email, now);
    const after = finished ? { ...b, status: 'completed' as const, email, notifications_created: progress.created, updated_at: now } : await deps.broadcasts.findById(null, broadcastId);
    if (after?.status === 'completed') {
      // Its slot of BROADCAST_MAX_ACTIVE_PER_PROJECT is free (a crash before this: taken over by the next send).
      await deps.broadcasts.releaseSlot(broadcastId);
      await deps.events.emit([completedEvent(toBroadcast(after))]);
    }
  };
}
