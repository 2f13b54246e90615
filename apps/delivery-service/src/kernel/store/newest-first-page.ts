import { ANY_CREATED_AT, ANY_ID } from './activity-keys';

/** Where a newest-first page reads: a creation time range, the position after which it starts (a cursor), its size. */
export interface PageWindow {
  since: Date | null;
  until: Date | null;
  /** Only documents after this one in the newest-first order. */
  after: { createdAt: Date; id: number } | null;
  limit: number;
}

/** Conditions a page query adds to its filter: on `created_at`, and on the id field at the cursor's instant. */
export type PageConditions = Record<string, unknown>;

/**
 * One page newest first (by `created_at`, then `idField`) as plain queries, each run by `read` with
 * these conditions added to its filter, sorted newest first and limited. A later page is two
 * queries rather than one `$or` (documents created at the cursor's instant with a smaller id, then
 * those created before it): each is a plain conjunction of top-level conditions, which the local
 * store answers from the index in order with a LIMIT, where an `$or` made it read every match.
 */
export async function readNewestFirst<T>(w: PageWindow, idField: string, read: (conditions: PageConditions, limit: number) => Promise<T[]>): Promise<T[]> {
  // Every read carries ranges on both keys it is ordered by, open or not (ANY_CREATED_AT, ANY_ID: activity-keys.ts).
  const since = w.since ? { $gte: w.since } : ANY_CREATED_AT;
  if (!w.after) return read({ created_at: { ...since, ...(w.until ? { $lt: w.until } : {}) }, [idField]: ANY_ID }, w.limit);
  const at = w.after.createdAt;
  const atInRange = (!w.since || at >= w.since) && (!w.until || at < w.until);
  const sameInstant = atInRange ? await read({ created_at: at, [idField]: { $lt: w.after.id } }, w.limit) : [];
  const end = w.until && w.until < at ? w.until : at;
  const before = sameInstant.length < w.limit ? await read({ created_at: { ...since, $lt: end }, [idField]: ANY_ID }, w.limit - sameInstant.length) : [];
  return [...sameInstant, ...before];
}
