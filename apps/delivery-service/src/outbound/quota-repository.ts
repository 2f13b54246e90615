import { createBatcher } from '@herald/service-kit';
import type { Collection, Db } from 'mongodb';
import { insertManyFates } from '../kernel/store/insert-fates';
import { retryBusy } from '../kernel/store/store-retry';

/** A medium a unit of quota is spent on. */
export type QuotaMedium = 'in_app' | 'email' | 'sms' | 'web_push' | 'chat' | 'mobile_push';

/** Reservation calls of one project and period that go to the store together at most. */
const MAX_RESERVATIONS_TOGETHER = 64;

/** The unit of quota one notification spends on one medium. */
export const quotaOwner = (notificationId: number, medium: QuotaMedium): string => `${notificationId}:${medium}`;

/** One spent unit of a project's monthly quota: slot n of the period (1 ≤ n ≤ limit), owned by one (notification, medium). */
interface QuotaUnitDoc {
  /** `<project>:<YYYY-MM>:<n>` */
  _id: string;
  project_id: number;
  period: string;
  /** `<notification id>:<medium>`: unique, so a unit is never spent twice for the same delivery. */
  owner: string;
}

/**
 * Monthly quota as numbered slots, each tied to the (notification, medium) that spent it.
 *
 * - Never over the limit: a slot is taken by inserting `<project>:<period>:<n>` with n ≤ limit; the
 *   unique `_id` lets one writer take it (inserts are atomic on every store; FerretDB on SQLite
 *   loses concurrent updates of one counter document, so no counter is trusted).
 * - Never twice: `owner` is unique, so a redelivered job finds its unit already spent (granted).
 * - O(1) per reservation: each process keeps a hint of the next free slot per (project, period);
 *   a batch of owners takes consecutive slots in one `insertMany`. The hint is found at first use,
 *   and again after a conflict with another replica, by galloping over slot ids (O(log used)
 *   point reads), never by counting.
 * - Lost races never grant fewer than asked while slots remain: owners whose slot was taken by
 *   someone else try the next free slots.
 * - The reservations of one process for one (project, period) at the same time go together (one
 *   in flight, the calls made meanwhile gathered for the next): its jobs never race each other for
 *   the same next slot (which, with many one-message jobs at once, could use up the rounds and
 *   refuse units that were left).
 * An unlimited project (null) spends no slots. Past months are pruned by `prune` (bounded batches).
 */
export function createQuotaRepository(db: Db) {
  const col: Collection<QuotaUnitDoc> = db.collection<QuotaUnitDoc>('quota_units');
  const hints = new Map<string, number>();
  const slotId = (projectId: number, period: string, n: number) => `${projectId}:${period}:${n}`;
  const taken = async (projectId: number, period: string, n: number) =>
    (await col.findOne({ _id: slotId(projectId, period, n) }, { projection: { _id: 1 } })) !== null;

  /** The first free slot at or after `from` (slots are taken in order, so the taken ones form a prefix, bar rare holes). */
  const firstFreeFrom = async (projectId: number, period: string, from: number, limit: number): Promise<number> => {
    if (!(await taken(projectId, period, from))) return from;
    let lo = from; // taken
    let step = 1;
    let hi = from + step;
    while (hi <= limit && (await taken(projectId, period, hi))) {
      lo = hi;
      step *= 2;
      hi = from + step;
    }
    if (hi > limit) {
      if (await taken(projectId, period, limit)) return limit + 1;
      hi = limit;
    }
    // lo taken, hi free: binary search for the first free slot after lo.
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (await taken(projectId, period, mid)) lo = mid;
      else hi = mid;
    }
    return hi;
  };

  /** Spends one unit for each owner within `limit` (one caller at a time per project and period); the owners granted a unit. */
  const reserveInOrder = async (projectId: number, period: string, owners: string[], limit: number, maybeSpent: boolean): Promise<Set<string>> => {
    const granted = new Set<string>();
    let pending = [...new Set(owners)];
    if (maybeSpent) {
      const had = await col.find({ owner: { $in: pending } }, { projection: { owner: 1 } }).toArray();
      for (const d of had) granted.add(d.owner);
      pending = pending.filter((o) => !granted.has(o));
    }
    const key = `${projectId}:${period}`;
    let next = hints.get(key) ?? (await firstFreeFrom(projectId, period, 1, limit));
    for (let round = 0; round < 50 && pending.length > 0 && next <= limit; round++) {
      const take = pending.slice(0, limit - next + 1);
      const docs = take.map((owner, i) => ({ _id: slotId(projectId, period, next + i), project_id: projectId, period, owner }));
      const fates = await insertManyFates(col, docs);
      next += take.length;
      const refused = take.filter((_, i) => !fates.inserted.has(i));
      take.forEach((o, i) => fates.inserted.has(i) && granted.add(o));
      if (refused.length > 0) {
        // Either the owner had a unit already (a redelivery), or another replica took the slot.
        const had = await col.find({ owner: { $in: refused } }, { projection: { owner: 1 } }).toArray();
        for (const d of had) granted.add(d.owner);
        next = await firstFreeFrom(projectId, period, next, limit);
      }
      pending = pending.filter((o) => !granted.has(o));
    }
    hints.set(key, next);
    return granted;
  };

  const reservations = createBatcher<{ owners: string[]; maybeSpent: boolean }, Set<string>, string>({
    lingerMs: 0,
    maxBatch: MAX_RESERVATIONS_TOGETHER,
    async run(calls, group) {
      const [projectId, limit, period] = group.split('|');
      const granted = await reserveInOrder(Number(projectId), period, calls.flatMap((c) => c.owners), Number(limit), calls.some((c) => c.maybeSpent));
      return calls.map(() => granted);
    },
  });

  return {
    async ensureIndexes(): Promise<void> {
      // A redelivered job's unit: reserve() looks its owners up after a refused insert.
      await col.createIndex({ owner: 1 }, { name: 'owner_unique', unique: true });
      // prune(): units of past periods.
      await col.createIndex({ period: 1 }, { name: 'period' });
    },

    /**
     * Spends one unit for each owner (`quotaOwner(notification, medium)`) within `limit`; returns
     * the owners granted a unit (including those that had one already). `maybeSpent`: the caller
     * may be a redelivery, so owners are looked up first (avoids leaving a slot unused).
     */
    async reserve(projectId: number, period: string, owners: string[], limit: number | null, maybeSpent = false): Promise<Set<string>> {
      if (owners.length === 0) return new Set();
      if (limit === null) return new Set(owners);
      const granted = await reservations.add({ owners, maybeSpent }, `${projectId}|${limit}|${period}`);
      return new Set(owners.filter((o) => granted.has(o)));
    },

    /** Units spent in a period (diagnostics and tests; counts documents). */
    used: (projectId: number, period: string) => col.countDocuments({ project_id: projectId, period }),

    /** Deletes up to `batch` units of periods before `period`; returns how many (call until 0). */
    async prune(period: string, batch = 1000): Promise<number> {
      const ids = (await col.find({ period: { $lt: period } }, { projection: { _id: 1 } }).limit(batch).toArray()).map((d) => d._id);
      if (ids.length === 0) return 0;
      const r = await retryBusy(() => col.deleteMany({ _id: { $in: ids } }));
      return r.deletedCount;
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
