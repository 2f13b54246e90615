import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import type { AcceptedSend } from '../notification';
import { createExpiryIndex, pruneExpiredBatch } from './expiry';
import { insertManyFates } from './insert-fates';
import { retryBusy } from './store-retry';

/**
 * Durable timers: one mechanism for everything due later. What fires:
 * - `send`: a scheduled direct send (the timer holds the accepted send) → its SendJob;
 * - `broadcast`: a scheduled broadcast → its BroadcastJob;
 * - `email`: an escalation's delayed email → its email OutboundJob;
 * - `digest`: the end of a digest window → its DigestJob;
 * - `snooze`: a snoozed notification's wake-up → it comes back to the feed (id `snooze:<ref>:<due_ms>`:
 *   each snooze its own timer, so a snooze after one that fired is not taken for it).
 */
export type TimerKind = 'send' | 'broadcast' | 'email' | 'digest' | 'snooze';

export interface TimerDoc {
  /** `<kind>:<ref>` */
  _id: string;
  kind: TimerKind;
  project_id: number;
  /** The notification, broadcast or digest id. */
  ref: number;
  /** When it is due, epoch milliseconds: a number, so the due query is an exact, indexed range (see docs/delivery.md). */
  due_ms: number;
  /** A scheduled direct send: the send as accepted (what its SendJob will carry). */
  send?: AcceptedSend;
  created_at: Date;
}

/**
 * The fate of a timer: `fired` or `canceled`, whichever was inserted first. The `_id` is the
 * timer's, so of a cancel and a firing racing each other exactly one inserts it: that insert is
 * the single conditional write deciding between them, and it is atomic on every store (FerretDB on
 * SQLite does not isolate a conditional update; a unique insert it does).
 */
export interface FateDoc {
  _id: string;
  fate: 'fired' | 'canceled';
  at: Date;
  expires_at: Date;
}

/** Who fires in an epoch: `_id` is the epoch number (epoch ms / lease length), inserted by one replica. */
interface LeaseDoc {
  _id: number;
  owner: string;
  expires_at: Date;
}

/** A position in the (due_ms, _id) order of the timers. */
export interface TimerCursor {
  dueMs: number;
  id: string;
}

export const timerId = (kind: TimerKind, ref: number): string => `${kind}:${ref}`;
/** The timer of one snooze of a notification (until `dueMs`). */
export const snoozeTimerId = (ref: number, dueMs: number): string => `snooze:${ref}:${dueMs}`;

/** Fates are kept this long after they were decided (a cancel or a read of a fired send looks them up only while its timer exists). */
const FATE_KEPT_MS = 7 * 86_400_000;

export function createTimerRepository(db: Db) {
  const timers: Collection<TimerDoc> = db.collection<TimerDoc>('timers');
  const fates: Collection<FateDoc> = db.collection<FateDoc>('timer_fates');
  const leases: Collection<LeaseDoc> = db.collection<LeaseDoc>('timer_leases');

  return {
    async ensureIndexes(): Promise<void> {
      // The firing pass, per project (fair firing): the projects with due timers, one seek each
      // (`{project_id: {$gt: p}, due_ms: {$lte: now}}` sorted by (project_id, due_ms), limit 1),
      // then a project's due timers `{project_id, due_ms: {$lte: now}}` sorted by (due_ms, _id),
      // limited, and the next pass of a burst after the last one read: `{project_id, due_ms: d,
      // _id: {$gt: id}}`, then `{project_id, due_ms: {$gt: d, $lte: now}}`. Each is an index range
      // scan: a pass reads what is due, never what is scheduled, and never what the passes before
      // it are still removing. The same index counts a project's pending timers (its cap).
      await timers.createIndex({ project_id: 1, due_ms: 1, _id: 1 }, { name: 'project_due_order' });
      await timers.dropIndex('due_order').catch(() => undefined); // the earlier index, across projects
      await timers.dropIndex('due').catch(() => undefined); // the earliest, on due_ms alone
      // Fates and leases are read by _id; both expire (a TTL index on MongoDB, the retention sweep elsewhere).
      await createExpiryIndex(fates);
      await createExpiryIndex(leases);
    },

    /** Inserts timers (a repeat of one already scheduled is no error: the same `_id`). */
    async schedule(docs: TimerDoc[]): Promise<void> {
      await insertManyFates(timers, docs);
    },

    /** Up to `limit` projects with timers due at `nowMs`, in project order, after `after` when given. */
    async dueProjects(nowMs: number, limit: number, after?: number): Promise<number[]> {
      const found: number[] = [];
      let from = after;
      while (found.length < limit) {
        const filter = { due_ms: { $lte: nowMs }, ...(from === undefined ? {} : { project_id: { $gt: from } }) };
        const next = await timers.find(filter, { projection: { project_id: 1 } }).sort({ project_id: 1, due_ms: 1 }).limit(1).next();
        if (!next) break;
        found.push(next.project_id);
        from = next.project_id;
      }
      return found;
    },

    /** A project's timers due at `nowMs` in (due_ms, _id) order, at most `limit`; only those after `after` when given. */
    async due(projectId: number, nowMs: number, limit: number, after?: TimerCursor): Promise<TimerDoc[]> {
      const project_id = projectId;
      if (!after) return timers.find({ project_id, due_ms: { $lte: nowMs } }).sort({ due_ms: 1, _id: 1 }).limit(limit).toArray();
      const same = after.dueMs <= nowMs ? await timers.find({ project_id, due_ms: after.dueMs, _id: { $gt: after.id } }).sort({ _id: 1 }).limit(limit).toArray() : [];
      if (same.length >= limit) return same;
      const later = await timers.find({ project_id, due_ms: { $gt: after.dueMs, $lte: nowMs } }).sort({ due_ms: 1, _id: 1 }).limit(limit - same.length).toArray();
      return [...same, ...later];
    },

    /** A project's pending timers, counted up to `atMost`. */
    pendingOf: (projectId: number, atMost: number) => timers.countDocuments({ project_id: projectId }, { limit: atMost }),

    /**
     * A project's timers due at `nowMs` and not fired yet (the backlog), counted up to `atMost`
     * (project_due_order). Counted whole, then capped: given a `limit`, the local store (FerretDB as
     * patched) decodes every due timer to count them; without one it answers with COUNT(*).
     */
    dueOf: async (projectId: number, nowMs: number, atMost: number) => Math.min(atMost, await timers.countDocuments({ project_id: projectId, due_ms: { $lte: nowMs } })),

    find: (id: string) => timers.findOne({ _id: id }),
    fateOf: (id: string) => fates.findOne({ _id: id }),

    /**
     * Decides the fate of these timers: inserts `fate` for each. Returns the ids this call decided
     * and, for the others, the fate decided before (by a cancel, or another firing).
     */
    async decide(ids: string[], fate: FateDoc['fate'], at: Date): Promise<{ won: Set<string>; before: Map<string, FateDoc> }> {
      const docs = ids.map((_id) => ({ _id, fate, at, expires_at: new Date(at.getTime() + FATE_KEPT_MS) }));
      const r = await insertManyFates(fates, docs);
      const won = new Set([...r.inserted].map((i) => ids[i]));
      const lost = ids.filter((id) => !won.has(id));
      const before = new Map(lost.length ? (await fates.find({ _id: { $in: lost } }).toArray()).map((f) => [f._id, f]) : []);
      return { won, before };
    },

    /** Withdraws a fate this caller decided at `at` (a claimed digest mail that could not be sent: the next try claims it again). */
    async unclaim(id: string, at: Date): Promise<void> {
      await retryBusy(() => fates.deleteOne({ _id: id, at }));
    },

    /** Moves a timer's due time (a scheduled broadcast waiting for a free slot). */
    async rearm(id: string, dueMs: number): Promise<void> {
      await retryBusy(() => timers.updateOne({ _id: id }, { $set: { due_ms: dueMs } }));
    },

    /** Removes fired or canceled timers (their work is handed on). */
    async remove(ids: string[]): Promise<void> {
      if (ids.length > 0) await retryBusy(() => timers.deleteMany({ _id: { $in: ids } }));
    },

    /**
     * Whether `owner` fires in this epoch: the first replica to insert the epoch's lease does. The
     * lease only spares the other replicas the polling; correctness never depends on it (fates do).
     */
    async holdEpoch(epoch: number, owner: string, leaseMs: number): Promise<boolean> {
      try {
        await retryBusy(() => leases.insertOne({ _id: epoch, owner, expires_at: new Date((epoch + 10) * leaseMs) }));
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        return (await leases.findOne({ _id: epoch }))?.owner === owner;
      }
    },

    /** Retention: expired fates and leases (call until 0). */
    pruneExpired: async (now: Date, batch: number) => (await pruneExpiredBatch(fates, now, batch)) + (await pruneExpiredBatch(leases, now, batch)),

    /** Tests and benches: timers scheduled, fates decided. */
    counts: async () => ({ timers: await timers.countDocuments({}), fates: await fates.countDocuments({}) }),
  };
}

export type TimerRepository = ReturnType<typeof createTimerRepository>;
