import type { TimerDoc } from '../store/timer-repository';
import { createFinishCanceled } from './cancel-sends';
import type { DeliveryDeps } from './deps';
import { publishEach } from './publish-each';

export interface FireSettings {
  /** Timers taken per pass. */
  batch: number;
  /** A timer decided `fired` this long ago and still there: its firing died before handing it on, so it is handed on again. */
  redoAfterMs: number;
  /** A scheduled broadcast that finds every slot of its project taken tries again this much later. */
  slotRetryMs: number;
  /** A broadcast slot claimed this long ago whose broadcast is not running may be taken over. */
  slotLeaseMs: number;
}

/**
 * One firing pass (issue 21): the timers due now (one indexed range read, at most `batch`), each
 * decided `fired` by inserting its fate (one insertMany; a cancel that inserted `canceled` first
 * wins instead, and its cleanup is finished here), then handed on as a JetStream job, and removed:
 * a scheduled send's SendJob (msgID `fire:send:<id>`), a broadcast's job (after it took a slot of
 * its project; none free: it waits, still cancelable), an escalation's email job (an OutboundJob), a digest's
 * DigestJob. Work for the jobs' consumers on every replica; the pass itself is three store
 * operations and a pipelined publish per batch, whatever is scheduled later.
 *
 * Dying anywhere is safe: before the fate, nothing happened; after it, the timer is still there
 * with its fate `fired`, and a pass `redoAfterMs` later hands it on again (every job is idempotent:
 * the ids are fixed, and the msgIDs drop a repeat inside the broker's window).
 */
export function createFireTimers(deps: DeliveryDeps, settings: FireSettings) {
  const finishCanceled = createFinishCanceled(deps);

  const handOn = async (t: TimerDoc): Promise<void> => {
    if (t.kind === 'send' && t.send) return deps.jobs.send(t.send, { msgId: `fire:${t._id}` });
    if (t.kind === 'broadcast') {
      await deps.broadcasts.markFired(t.ref, deps.now());
      return deps.jobs.broadcast(t.project_id, t.ref);
    }
    if (t.kind === 'email') return deps.jobs.outbound('email', t.project_id, t.ref);
    if (t.kind === 'digest') return deps.jobs.digest(t.project_id, t.ref);
  };

  /** A scheduled broadcast runs only in a free slot of its project (BROADCAST_MAX_ACTIVE_PER_PROJECT). */
  const slotFor = async (t: TimerDoc, now: Date): Promise<boolean> => {
    const cap = deps.settings.maxActiveBroadcasts;
    return cap <= 0 || deps.broadcasts.claimSlot(t.project_id, t.ref, cap, now, settings.slotLeaseMs);
  };

  /** Returns how many due timers it settled (fired, canceled or re-armed). */
  return async function fireDue(): Promise<number> {
    const now = deps.now();
    const nowMs = now.getTime();
    const due = await deps.timers.due(nowMs, settings.batch);
    if (due.length === 0) return 0;
    const firing: TimerDoc[] = [];
    for (const t of due) {
      if (t.kind !== 'broadcast' || (await slotFor(t, now))) firing.push(t);
      else await deps.timers.rearm(t._id, nowMs + settings.slotRetryMs);
    }
    const { won, before } = await deps.timers.decide(
      firing.map((t) => t._id),
      'fired',
      now,
    );
    const handing: TimerDoc[] = [];
    let inHand = 0;
    for (const t of firing) {
      const fate = before.get(t._id);
      if (won.has(t._id)) handing.push(t);
      else if (fate?.fate === 'canceled') await finishCanceled.timer(t, fate.at);
      else if (fate && nowMs - fate.at.getTime() >= settings.redoAfterMs) handing.push(t);
      else inHand++; // decided `fired` a moment ago by another pass, which is handing it on now
    }
    await publishEach(handing, handOn);
    await deps.timers.remove(handing.map((t) => t._id));
    for (const t of handing) deps.metrics.timerFired(t.kind, nowMs - t.due_ms);
    // What this pass moved on (a pass full of timers another pass is handing on is no reason to loop).
    return due.length - inHand;
  };
}
