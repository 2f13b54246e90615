import type { TimerDoc } from '../kernel/store/timer-repository';
import { type BurstCursors, createFairDue } from './fair-due';
import { publishEach } from '../kernel/publish-each';
import type { JobPort } from '../kernel/ports';
import type { DeliverySettings } from '../kernel/settings';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { TimerRepository } from '../kernel/store/timer-repository';
import type { DeliveryMetrics } from '../platform';

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

/** The ports this use case works with. */
export interface FireTimersDeps {
  /** Finishes the cancel of what a timer canceled meanwhile stands for (the sends module's cancel). */
  canceled: { timer(t: TimerDoc, at: Date): Promise<void> };
  /** Brings a snoozed notification back to the feed when its snooze timer is due (the feed module's wake). */
  snoozed: { wake(t: TimerDoc): Promise<void> };
  broadcasts: BroadcastRepository;
  jobs: JobPort;
  metrics: DeliveryMetrics;
  now: () => Date;
  settings: DeliverySettings;
  timers: TimerRepository;
}

/** Hand-offs (publish, then remove) a pass leaves running while the next pass reads and decides. */
const HANDING_AT_ONCE = 2;

/**
 * One firing pass: the timers due now (at most `batch`, shared fairly across projects: fair-due), each
 * decided `fired` by inserting its fate (one insertMany; a cancel that inserted `canceled` first
 * wins instead, and its cleanup is finished here), then handed on as a JetStream job, and removed:
 * a scheduled send's SendJob (msgID `fire:send:<id>`), a broadcast's job (after it took a slot of
 * its project; none free: it waits, still cancelable), an escalation's email job (an OutboundJob), a digest's
 * DigestJob, a snoozed notification's wake-up (a store write and its event, done here). Work for the jobs' consumers on every replica; the pass itself is three store
 * operations and a pipelined publish per batch, whatever is scheduled later.
 *
 * A burst (full passes back to back) is pipelined: a pass returns once its timers are decided, and
 * hands them on (publish, remove) while the next pass reads the timers after the last one it read
 * (a cursor per project in (due_ms, _id) order, so it never reads the ones still being removed) and decides
 * them; at most HANDING_AT_ONCE hand-offs run at once. A pass that reads less than a batch ends the
 * burst: the next one waits for every hand-off, then reads from the start again (a timer inserted
 * behind the cursor meanwhile, which only a due time already past can be, is read then).
 *
 * Dying anywhere is safe: before the fate, nothing happened; after it, the timer is still there
 * with its fate `fired`, and a pass `redoAfterMs` later hands it on again (every job is idempotent:
 * the ids are fixed, and the msgIDs drop a repeat inside the broker's window). A hand-off that
 * fails is the same: its error is thrown by the next pass, which starts from the beginning.
 */
export function createFireTimers(deps: FireTimersDeps, settings: FireSettings) {

  const handOn = async (t: TimerDoc): Promise<void> => {
    if (t.kind === 'send' && t.send) return deps.jobs.send(t.send, { msgId: `fire:${t._id}` });
    if (t.kind === 'broadcast') {
      await deps.broadcasts.markFired(t.ref, deps.now());
      return deps.jobs.broadcast(t.project_id, t.ref);
    }
    if (t.kind === 'email') return deps.jobs.outbound('email', t.project_id, t.ref);
    if (t.kind === 'digest') return deps.jobs.digest(t.project_id, t.ref);
    if (t.kind === 'snooze') return deps.snoozed.wake(t);
  };

  /** A scheduled broadcast runs only in a free slot of its project (BROADCAST_MAX_ACTIVE_PER_PROJECT). */
  const slotFor = async (t: TimerDoc, now: Date): Promise<boolean> => {
    const cap = deps.settings.maxActiveBroadcasts;
    return cap <= 0 || deps.broadcasts.claimSlot(t.project_id, t.ref, cap, now, settings.slotLeaseMs);
  };

  const readDue = createFairDue(deps.timers);
  /** Where the last full pass of the current burst stopped reading (null: the next pass reads from the start). */
  let cursor: BurstCursors | null = null;
  /** Hand-offs still running, oldest first (they never reject: a failure is kept in `failure`). */
  const handing: Promise<void>[] = [];
  let failure: unknown = null;

  const handOff = (timers: TimerDoc[], nowMs: number): void => {
    const work = (async () => {
      try {
        await publishEach(timers, handOn);
        await deps.timers.remove(timers.map((t) => t._id));
        for (const t of timers) deps.metrics.timerFired(t.kind, nowMs - t.due_ms);
      } catch (err) {
        failure ??= err;
      }
    })();
    handing.push(work);
    void work.then(() => handing.splice(handing.indexOf(work), 1));
  };

  /** Resolves when every hand-off begun has ended. */
  const settle = async (): Promise<void> => {
    while (handing.length > 0) await handing[0];
  };

  /** Returns how many due timers it settled (fired, canceled or re-armed). */
  async function fireDue(): Promise<number> {
    if (cursor === null) await settle();
    if (failure !== null) {
      const err = failure;
      failure = null;
      cursor = null;
      await settle();
      throw err;
    }
    const now = deps.now();
    const nowMs = now.getTime();
    const cursors: BurstCursors = cursor ?? new Map();
    const due = await readDue(nowMs, settings.batch, cursors);
    cursor = due.length >= settings.batch ? cursors : null;
    if (due.length === 0) return 0;
    try {
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
      const toHand: TimerDoc[] = [];
      let inHand = 0;
      for (const t of firing) {
        const fate = before.get(t._id);
        if (won.has(t._id)) toHand.push(t);
        else if (fate?.fate === 'canceled') await deps.canceled.timer(t, fate.at);
        else if (fate && nowMs - fate.at.getTime() >= settings.redoAfterMs) toHand.push(t);
        else inHand++; // decided `fired` a moment ago by another pass, which is handing it on now
      }
      if (toHand.length > 0) handOff(toHand, nowMs);
      while (handing.length >= HANDING_AT_ONCE) await handing[0];
      // What this pass moved on (a pass full of timers another pass is handing on is no reason to
      // loop; the next pass reads after them, and they are read again once the burst has ended).
      return due.length - inHand;
    } catch (err) {
      cursor = null;
      throw err;
    }
  }

  return Object.assign(fireDue, { settle });
}
