import type { TotalName } from '../store/project-totals-repository';
import type { ListDeps } from './list-deps';

/** How long a refusal trusts the stored totals before counting them afresh. */
export const RECOUNT_AFTER_MS = 60_000;

type RoomDeps = Pick<ListDeps, 'totals' | 'lists' | 'subscriptions' | 'clock'>;

/**
 * Takes room for `n` more lists or subscriptions in the project's total (one conditional `$inc`:
 * two calls cannot both take the last room). False when they do not fit. The totals only ever run
 * high (a call stopped between its reservation and giving back what it did not use, or between a
 * removal and its decrement), so before refusing, totals missing or counted more than a minute ago
 * are counted afresh from the lists and subscriptions themselves.
 */
export async function reserveRoom(deps: RoomDeps, projectId: number, name: TotalName, n: number, max: number): Promise<boolean> {
  if (n === 0) return true;
  if (await deps.totals.reserve(projectId, name, n, max)) return true;
  const stored = await deps.totals.find(projectId);
  if (stored && deps.clock.now() - stored.countedAt.getTime() < RECOUNT_AFTER_MS) return false;
  const [lists, subscriptions] = await Promise.all([deps.lists.count(projectId), deps.subscriptions.countOfProject(projectId)]);
  await deps.totals.replaceCounted(projectId, stored?.countedAt ?? null, { lists, subscriptions }, deps.clock.date());
  return deps.totals.reserve(projectId, name, n, max);
}
