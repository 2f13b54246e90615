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
  type Count = { count: number; atMs: number };
  const counted = new Map<number, Count>();
  // One count per project at a time: concurrent sends wait for the same read.
  const counting = new Map<number, Promise<Count>>();
  const recount = (projectId: number): Promise<Count> => {
    let read = counting.get(projectId);
    if (!read) {
      const atMs = nowMs();
      read = timers
        .pendingOf(projectId, cap)
        .then((count) => {
          if (counted.size >= PROJECTS_KEPT) counted.clear();
          const c = { count, atMs };
          counted.set(projectId, c);
          return c;
        })
        .finally(() => counting.delete(projectId));
      counting.set(projectId, read);
    }
    return read;
  };
  return async (projectId: number): Promise<void> => {
    if (!(cap > 0)) return;
    const known = counted.get(projectId);
    const c = known && nowMs() - known.atMs < RECOUNT_MS ? known : await recount(projectId);
    if (c.count >= cap) throw tooManyPendingTimers(cap);
    c.count++;
  };
}
