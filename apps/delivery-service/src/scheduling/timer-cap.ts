import { DomainError } from '@herald/service-kit';
import type { TimerRepository } from '../kernel/store/timer-repository';

/** A project's count is read from the store at most this often; between two reads, each accepted timer adds one. */
const RECOUNT_MS = 1_000;
/** Projects whose count is kept (past it, every count is read again). */
const PROJECTS_KEPT = 10_000;

const tooManyPendingTimers = (cap: number) =>
  new DomainError('exhausted', 'too_many_pending_timers', `This project already has ${cap} pending timers (scheduled sends and broadcasts, escalations, digest windows); retry when some have fired, or cancel some`);

/**
 * The per-project cap on pending timers (`TIMER_MAX_PENDING_PER_PROJECT`; 0: none), checked before
 * a scheduled send or broadcast is accepted: past it, 429 `too_many_pending_timers`. The count is
 * one indexed count (stopping at the cap), read again every RECOUNT_MS per replica, so concurrent
 * replicas may each overshoot by what they accept in that time. Escalations and digest windows
 * count toward it but are never refused (they belong to sends already accepted).
 */
export function createTimerCap(timers: Pick<TimerRepository, 'pendingOf'>, cap: number, nowMs: () => number) {
  const counted = new Map<number, { count: number; atMs: number }>();
  return async (projectId: number): Promise<void> => {
    if (!(cap > 0)) return;
    let c = counted.get(projectId);
    if (!c || nowMs() - c.atMs >= RECOUNT_MS) {
      if (counted.size >= PROJECTS_KEPT) counted.clear();
      c = { count: await timers.pendingOf(projectId, cap), atMs: nowMs() };
      counted.set(projectId, c);
    }
    if (c.count >= cap) throw tooManyPendingTimers(cap);
    c.count++;
  };
}
