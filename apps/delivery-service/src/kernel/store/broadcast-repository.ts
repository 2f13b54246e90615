import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import type { Broadcast, BroadcastAudience, BroadcastOutbound, BroadcastStatus, EmailContent, MobilePushContent, PushContent, SendSettings, SmsContent, Target } from '../notification';
import { createBroadcastEmailContents, createBroadcastPushContents } from './broadcast-payloads';
import { idBefore } from './id-before';
import { retryBusy } from './store-retry';
import { createExpiryIndex, withExpiry } from './expiry';

export interface BroadcastDoc {
  _id: number;
  project_id: number;
  target: Target;
  payload_json: string;
  email_content: EmailContent | null;
  /** The push block; absent or null: none. */
  push_content?: PushContent | null;
  /** The SMS block (sends to many only); absent or null: none. Copied onto each notification whose SMS is pending. */
  sms_content?: SmsContent | null;
  /** The mobile_push block; absent or null: none. Copied onto each notification whose mobile push is pending. */
  mobile_push_content?: MobilePushContent | null;
  settings: SendSettings;
  status: BroadcastStatus;
  /** Fan-out progress, persisted after each chunk is published, so a crash resumes from here. */
  cursor: string;
  /**
   * The recipient-order bound snapshotted when the fan-out started (a ListRecipientIds
   * `upper_bound`): the fan-out never pages past it, also when it resumes. Absent before the start.
   */
  upper_bound?: string | null;
  /** At most this many recipients are still to page after `cursor` (from the recipient service). */
  recipients_left_at_most?: number | null;
  chunks_published: number;
  fanout_done: boolean;
  recipients_total: number;
  notifications_created: number;
  email: BroadcastOutbound | null;
  email_eligible: number;
  /** The broadcast's push, like `email` (absent on broadcasts without a push block). */
  push?: BroadcastOutbound | null;
  /** The send's SMS, like `push` (absent without an SMS block). */
  sms?: BroadcastOutbound | null;
  /** The send's mobile push, like `sms`. */
  mobile_push?: BroadcastOutbound | null;
  created_at: Date;
  updated_at: Date;
  /** When retention removes it with its chunks (created_at + retention_days at send time); null/absent: never. */
  expires_at?: Date | null;
  /** A scheduled broadcast: when it is (or was) due. */
  send_at?: Date | null;
  /** A send to many: who it goes to; absent: every recipient of the project. */
  audience?: AudienceDoc | null;
}

/**
 * The audience of a send to many, stored with it so a resumed fan-out pages the same recipients:
 * explicit ids (sorted, unique, the excluded ones already out) or a list's key, and the ids left
 * out by name (paged audiences filter them from each page).
 */
export interface AudienceDoc {
  recipient_ids?: string[];
  list?: string;
  exclude_recipient_ids: string[];
}

/** The REST view of a stored audience. */
export const audienceView = (a: AudienceDoc | null | undefined): BroadcastAudience | null =>
  a ? { list: a.list ?? null, recipientIds: a.recipient_ids ? a.recipient_ids.length : null, excluded: a.exclude_recipient_ids.length } : null;

/** One chunk whose notifications are all written and gated. Insert-only: its unique _id counts it once. */
export interface ChunkDoc {
  /** `<broadcast>:<chunk index>` */
  _id: string;
  broadcast_id: number;
  created: number;
  eligible: number;
  /** The chunk's notifications whose email is pending (at most one chunk's worth). */
  email_ids?: number[];
  /** True when the chunk published its email jobs itself (the cap could not be exceeded). */
  emails_published?: boolean;
  /** Recipients of the chunk eligible for push (absent: none or no push block). */
  push_eligible?: number;
  /** The chunk's notifications whose push is pending. */
  push_ids?: number[];
  /** True when the chunk published its push jobs itself. */
  push_published?: boolean;
  /** The same three for SMS (sends to many only). */
  sms_eligible?: number;
  sms_ids?: number[];
  sms_published?: boolean;
  /** The same three for mobile push. */
  mobile_push_eligible?: number;
  mobile_push_ids?: number[];
  mobile_push_published?: boolean;
}

/**
 * The counted prefix of a broadcast's chunks: chunks 0 .. chunks_done-1 are all done and their
 * counts summed. Written with absolute values computed from the chunk records, so a lost or
 * reordered concurrent write leaves an earlier (still consistent) prefix, which the next advance
 * moves on again; nothing relies on concurrent updates of one document being isolated.
 */
interface ProgressDoc {
  _id: number;
  chunks_done: number;
  created: number;
  eligible: number;
  push_eligible?: number;
  sms_eligible?: number;
  mobile_push_eligible?: number;
}

const PROGRESS_STEP = 100;

/**
 * One of the `BROADCAST_MAX_ACTIVE_PER_PROJECT` slots of a project, held by one running broadcast.
 * `_id` is `<project>:<slot>` (slot 0 .. cap-1): claiming is an insert, so two sends can never hold
 * the same slot, on any store and any number of replicas. `broadcast_id` is unique: a broadcast
 * holds at most one slot (an idempotent repeat or a takeover of its send finds it).
 */
export interface BroadcastSlotDoc {
  _id: string;
  project_id: number;
  slot: number;
  broadcast_id: number;
  claimed_at: Date;
}

const RUNNING: BroadcastStatus[] = ['enqueued', 'fanning_out'];

export interface BroadcastProgress {
  chunksDone: number;
  created: number;
  /** Recipients eligible for email. */
  eligible: number;
  /** Recipients eligible for push. */
  pushEligible: number;
  /** Recipients eligible for SMS (absent: none; only sends to many carry SMS). */
  smsEligible?: number;
  /** Recipients eligible for mobile push (absent: none). */
  mobilePushEligible?: number;
}

/** What one finished chunk records (see recordChunkDone). */
export interface ChunkOutcome {
  created: number;
  eligible: number;
  emailIds: number[];
  emailsPublished: boolean;
  pushEligible?: number;
  pushIds?: number[];
  pushPublished?: boolean;
  smsEligible?: number;
  smsIds?: number[];
  smsPublished?: boolean;
  mobilePushEligible?: number;
  mobilePushIds?: number[];
  mobilePushPublished?: boolean;
}

/** The REST view; while a broadcast runs, its counts come from its chunk records. */
export function toBroadcast(d: BroadcastDoc, progress?: BroadcastProgress): Broadcast {
  return {
    id: d._id,
    projectId: d.project_id,
    target: d.target,
    payloadJson: d.payload_json,
    settings: d.settings,
    status: d.status,
    recipientsTotal: d.recipients_total,
    notificationsCreated: d.status === 'completed' || !progress ? d.notifications_created : progress.created,
    email: d.email,
    push: d.push ?? null,
    sms: d.sms ?? null,
    mobilePush: d.mobile_push ?? null,
    sendAt: d.send_at ?? null,
    audience: audienceView(d.audience),
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  };
}

/**
 * Broadcasts. The broadcast document has one writer at a time (its fan-out job); chunks finish
 * concurrently, so each records itself as an insert with a unique id instead of updating the
 * broadcast (FerretDB applies concurrent updates of one document without isolation).
 */
export function createBroadcastRepository(db: Db) {
  const col: Collection<BroadcastDoc> = db.collection<BroadcastDoc>('broadcasts');
  const chunks: Collection<ChunkDoc> = db.collection<ChunkDoc>('broadcast_chunks');
  const progressCol: Collection<ProgressDoc> = db.collection<ProgressDoc>('broadcast_progress');
  const slots: Collection<BroadcastSlotDoc> = db.collection<BroadcastSlotDoc>('broadcast_slots');
  const emailContents = createBroadcastEmailContents(db);
  const pushContents = createBroadcastPushContents(db);
  const chunkKeys = (id: number, from: number, count: number) => Array.from({ length: count }, (_, i) => `${id}:${from + i}`);
  const readProgress = async (id: number): Promise<BroadcastProgress> => {
    const p = await progressCol.findOne({ _id: id });
    return { chunksDone: p?.chunks_done ?? 0, created: p?.created ?? 0, eligible: p?.eligible ?? 0, pushEligible: p?.push_eligible ?? 0, ...(p?.sms_eligible ? { smsEligible: p.sms_eligible } : {}),
      ...(p?.mobile_push_eligible ? { mobilePushEligible: p.mobile_push_eligible } : {}),
    };
  };
  return {
    async ensureIndexes(): Promise<void> {
      // Stale-broadcast sweep (findStale): broadcasts not completed whose last write is old. The
      // filter is {status ∈ …, updated_at < …}; the index covers both. (One createIndex per index:
      // FerretDB 1.24 drops the connection on a multi-index createIndexes of existing indexes.)
      await col.createIndex({ status: 1, updated_at: 1 }, { name: 'status_updated' });
      await col.dropIndex('status_created').catch(() => undefined); // the earlier index, on created_at
      // The cap counted running broadcasts through this index before it used slots: no query left.
      await col.dropIndex('project_status').catch(() => undefined);
      // Broadcast slots: claimed and read by _id (`<project>:<slot>`); released by broadcast
      // (releaseSlot: {broadcast_id}) and found by it (claimSlot: a broadcast that already holds
      // one). Unique: a broadcast never holds two slots.
      await slots.createIndex({ broadcast_id: 1 }, { name: 'broadcast_unique', unique: true });
      // Chunk records and progress are read by _id only (`<broadcast>:<index>`, the broadcast id).
      // Retention: expired broadcasts (the sweeper's query; a TTL index on MongoDB)...
      await createExpiryIndex(col);
      // ...and the chunks of the broadcasts it removes.
      await chunks.createIndex({ broadcast_id: 1 }, { name: 'broadcast' });
      // The project's history, newest first (newestFirst: {project_id, _id < before}, by _id ↓).
      await col.createIndex({ project_id: 1, _id: -1 }, { name: 'project_newest' });
    },
    insert: (doc: BroadcastDoc) => retryBusy(() => col.insertOne(withExpiry(doc))).then(() => undefined),
    /**
     * Retention: deletes up to `batch` broadcasts expired at `now`, with their chunk records and
     * progress (those first: a crash in between leaves the broadcast for the next pass); returns how many.
     */
    async pruneExpired(now: Date, batch: number): Promise<number> {
      const ids = (await col.find({ expires_at: { $lte: now } }, { projection: { _id: 1 } }).limit(batch).toArray()).map((d) => d._id);
      if (ids.length === 0) return 0;
      await retryBusy(() => chunks.deleteMany({ broadcast_id: { $in: ids } }));
      await retryBusy(() => progressCol.deleteMany({ _id: { $in: ids } }));
      return (await retryBusy(() => col.deleteMany({ _id: { $in: ids } }))).deletedCount;
    },
    findById: (projectId: number | null, id: number) => col.findOne(projectId === null ? { _id: id } : { _id: id, project_id: projectId }),
    /**
     * Up to `limit` of the project's broadcasts, newest first (ids grow), those before `beforeId` if
     * given: the index `project_newest`, with a range on the id on every page (`idBefore`).
     */
    newestFirst: (projectId: number, beforeId: number | undefined, limit: number) =>
      col
        .find({ project_id: projectId, _id: idBefore(beforeId) })
        .sort({ _id: -1 })
        .limit(limit)
        .toArray(),
    /**
     * Claims one of the project's `cap` broadcast slots for `broadcastId` (true), or answers false
     * when all are held by running broadcasts. Each free slot is tried by insert (a duplicate key:
     * another send took it, try the next). When every slot is held, the holders are checked and a
     * claim is taken over when its broadcast is no longer running (completed or failed, its release
     * lost to a crash) or was never written and the claim is older than `leaseMs` (a crash between
     * the claim and the broadcast's insert); the takeover deletes that exact claim (same holder and
     * claim time), so of concurrent takers one wins the slot. A broadcast that holds a slot already
     * (a repeat of its send) keeps it and takes no second.
     */
    async claimSlot(projectId: number, broadcastId: number, cap: number, now: Date, leaseMs: number): Promise<boolean> {
      const keys = Array.from({ length: cap }, (_, i) => `${projectId}:${i}`);
      for (let round = 0; round < 20; round++) {
        if (await slots.findOne({ broadcast_id: broadcastId }, { projection: { _id: 1 } })) return true;
        const held = await slots.find({ _id: { $in: keys } }).toArray();
        const taken = new Set(held.map((d) => d._id));
        for (const key of keys) {
          if (taken.has(key)) continue;
          try {
            await retryBusy(() => slots.insertOne({ _id: key, project_id: projectId, slot: Number(key.slice(key.indexOf(':') + 1)), broadcast_id: broadcastId, claimed_at: now }));
            return true;
          } catch (err) {
            if (!isDuplicateKey(err)) throw err;
            // The slot was taken meanwhile, or this broadcast got one (broadcast_unique): checked next round.
            taken.add(key);
          }
        }
        if (held.length < cap) continue; // slots were taken between the read and the inserts: read again
        const statusOf = new Map(
          (await col.find({ _id: { $in: held.map((d) => d.broadcast_id) } }, { projection: { _id: 1, status: 1 } }).toArray()).map((b) => [b._id, b.status]),
        );
        // A holder that is not running lost its release to a crash; one never written, or still
        // `scheduled` (a firing claims its slot before it starts it), after the lease.
        const leaseOver = (d: BroadcastSlotDoc) => now.getTime() - d.claimed_at.getTime() > leaseMs;
        const stale = held.filter((d) => {
          const status = statusOf.get(d.broadcast_id);
          return status === undefined || status === 'scheduled' ? leaseOver(d) : !RUNNING.includes(status);
        });
        if (stale.length === 0) return false;
        for (const d of stale) await retryBusy(() => slots.deleteOne({ _id: d._id, broadcast_id: d.broadcast_id, claimed_at: d.claimed_at }));
      }
      throw new Error('broadcast slot claim did not settle');
    },
    /** A scheduled broadcast fired: it is `enqueued` from now (its fan-out job follows). */
    async markFired(id: number, now: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id, status: 'scheduled' }, { $set: { status: 'enqueued', updated_at: now } }));
    },
    /** A scheduled broadcast canceled (the cancel won its timer's fate first). Returns it as stored after. */
    async markCanceled(id: number, now: Date): Promise<BroadcastDoc | null> {
      await retryBusy(() => col.updateOne({ _id: id, status: 'scheduled' }, { $set: { status: 'canceled', updated_at: now } }));
      return col.findOne({ _id: id });
    },
    /** Frees the slot a broadcast holds (none held: nothing to do). */
    async releaseSlot(broadcastId: number): Promise<void> {
      await retryBusy(() => slots.deleteOne({ broadcast_id: broadcastId }));
    },
    /** The email content of these broadcasts (cached: it never changes); absent for none, or no such broadcast. */
    emailContentsOf: (ids: number[]) => emailContents(ids),
    /** The push content of these broadcasts (cached); absent for none. */
    pushContentsOf: (ids: number[]) => pushContents(ids),
    findStale: (before: Date, limit: number) =>
      col.find({ status: { $in: ['enqueued', 'fanning_out'] }, updated_at: { $lt: before } }).limit(limit).toArray(),

    /** Snapshots the fan-out's bound once; false when another delivery of the job set one first. */
    async setUpperBound(id: number, bound: string, leftAtMost: number, now: Date): Promise<boolean> {
      const r = await retryBusy(() =>
        col.updateOne(
          { _id: id, upper_bound: null, status: { $ne: 'completed' } },
          { $set: { upper_bound: bound, recipients_left_at_most: leftAtMost, status: 'fanning_out', updated_at: now } },
        ),
      );
      return r.modifiedCount === 1;
    },

    /** Records one published chunk: the cursor moves on only from the expected chunk count. */
    async recordChunkPublished(id: number, chunkIndex: number, cursor: string, size: number, leftAtMost: number, now: Date): Promise<boolean> {
      const r = await retryBusy(() =>
        col.updateOne(
          { _id: id, chunks_published: chunkIndex },
          { $set: { cursor, recipients_left_at_most: leftAtMost, status: 'fanning_out', updated_at: now }, $inc: { chunks_published: 1, recipients_total: size } },
        ),
      );
      return r.modifiedCount === 1;
    },
    async markFanoutDone(id: number, now: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id, fanout_done: false }, { $set: { fanout_done: true, status: 'fanning_out', updated_at: now } }));
    },
    /** Records a chunk as done (once: false when it was recorded already). */
    async recordChunkDone(id: number, chunkIndex: number, c: ChunkOutcome): Promise<boolean> {
      const doc: ChunkDoc = {
        _id: `${id}:${chunkIndex}`,
        broadcast_id: id,
        created: c.created,
        eligible: c.eligible,
        email_ids: c.emailIds,
        emails_published: c.emailsPublished,
        ...(c.pushIds?.length ? { push_eligible: c.pushEligible ?? c.pushIds.length, push_ids: c.pushIds, push_published: c.pushPublished ?? false } : {}),
        ...(c.smsIds?.length ? { sms_eligible: c.smsEligible ?? c.smsIds.length, sms_ids: c.smsIds, sms_published: c.smsPublished ?? false } : {}),
        ...(c.mobilePushIds?.length ? { mobile_push_eligible: c.mobilePushEligible ?? c.mobilePushIds.length, mobile_push_ids: c.mobilePushIds, mobile_push_published: c.mobilePushPublished ?? false } : {}),
      };
      try {
        await retryBusy(() => chunks.insertOne(doc));
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    /** The counted prefix as last written (one point read; may lag the chunks done by a few). */
    progress: readProgress,
    /**
     * Moves the counted prefix over every chunk recorded since, and returns it. Reads chunk records
     * by _id from the prefix on (PROGRESS_STEP at a time, without their email ids), writes the new
     * absolute counts, and repeats from what is stored until a read finds nothing to add: a
     * concurrent writer that stored an older prefix after ours is caught up again here.
     */
    async advanceProgress(id: number): Promise<BroadcastProgress> {
      for (;;) {
        const p = await readProgress(id);
        const from = p.chunksDone;
        for (;;) {
          const keys = chunkKeys(id, p.chunksDone, PROGRESS_STEP);
          const docs = await chunks.find({ _id: { $in: keys } }, { projection: { email_ids: 0, push_ids: 0, sms_ids: 0, mobile_push_ids: 0 } }).toArray();
          const byId = new Map(docs.map((d) => [d._id, d]));
          let k = 0;
          for (const d of keys.map((key) => byId.get(key))) {
            if (!d) break;
            p.created += d.created;
            p.eligible += d.eligible;
            p.pushEligible += d.push_eligible ?? 0;
            if (d.sms_eligible) p.smsEligible = (p.smsEligible ?? 0) + d.sms_eligible;
            if (d.mobile_push_eligible) p.mobilePushEligible = (p.mobilePushEligible ?? 0) + d.mobile_push_eligible;
            k += 1;
          }
          p.chunksDone += k;
          if (k < PROGRESS_STEP) break;
        }
        if (p.chunksDone === from) return p;
        try {
          await retryBusy(() =>
            progressCol.updateOne(
              { _id: id },
              {
                $set: {
                  chunks_done: p.chunksDone,
                  created: p.created,
                  eligible: p.eligible,
                  push_eligible: p.pushEligible,
                  ...(p.smsEligible ? { sms_eligible: p.smsEligible } : {}),
                  ...(p.mobilePushEligible ? { mobile_push_eligible: p.mobilePushEligible } : {}),
                },
              },
              { upsert: true },
            ),
          );
        } catch (err) {
          if (!isDuplicateKey(err)) throw err; // a concurrent first write: read it and go on
        }
      }
    },
    /** Chunk records `from` .. `from + count - 1` that exist (with their email ids), in index order. */
    async chunkRecords(id: number, from: number, count: number): Promise<ChunkDoc[]> {
      const docs = await chunks.find({ _id: { $in: chunkKeys(id, from, count) } }).toArray();
      const index = (d: ChunkDoc) => Number(d._id.slice(d._id.indexOf(':') + 1));
      return docs.sort((a, b) => index(a) - index(b));
    },
    async finish(id: number, progress: BroadcastProgress, outbound: { email: BroadcastDoc['email']; push: BroadcastOutbound | null; sms?: BroadcastOutbound | null; mobilePush?: BroadcastOutbound | null }, now: Date): Promise<boolean> {
      const r = await retryBusy(() =>
        col.updateOne(
          { _id: id, status: { $ne: 'completed' } },
          {
            $set: {
              status: 'completed',
              email: outbound.email,
              ...(outbound.push ? { push: outbound.push } : {}),
              ...(outbound.sms ? { sms: outbound.sms } : {}),
              ...(outbound.mobilePush ? { mobile_push: outbound.mobilePush } : {}),
              notifications_created: progress.created,
              email_eligible: progress.eligible,
              updated_at: now,
            },
          },
        ),
      );
      return r.modifiedCount === 1;
    },
    async touch(id: number, now: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id }, { $set: { updated_at: now } }));
    },
  };
}

export type BroadcastRepository = ReturnType<typeof createBroadcastRepository>;
