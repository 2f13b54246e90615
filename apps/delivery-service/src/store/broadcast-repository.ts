import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import type { Broadcast, BroadcastStatus, EmailContent, SendSettings, Target } from '../domain/notification';
import { retryBusy } from './store-retry';

export interface BroadcastDoc {
  _id: number;
  project_id: number;
  target: Target;
  payload_json: string;
  email_content: EmailContent | null;
  settings: SendSettings;
  status: BroadcastStatus;
  /** Fan-out progress, persisted after each chunk is published, so a crash resumes from here. */
  cursor: string;
  chunks_published: number;
  fanout_done: boolean;
  recipients_total: number;
  notifications_created: number;
  email: { status: 'pending' | 'sent' | 'blocked'; eligible: number | null } | null;
  email_eligible: number;
  created_at: Date;
  updated_at: Date;
}

/** One chunk whose notifications are all written and gated. Insert-only: its unique _id counts it once. */
interface ChunkDoc {
  /** `<broadcast>:<chunk index>` */
  _id: string;
  broadcast_id: number;
  created: number;
  eligible: number;
}

export interface BroadcastProgress {
  chunksDone: number;
  created: number;
  eligible: number;
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
  return {
    async ensureIndexes(): Promise<void> {
      // Outbox sweeper: broadcasts whose fan-out has not started, oldest first.
      await col.createIndexes([{ key: { status: 1, created_at: 1 }, name: 'status_created' }]);
      // A broadcast's finished chunks (progress and completion).
      await chunks.createIndexes([{ key: { broadcast_id: 1 }, name: 'broadcast' }]);
    },
    insert: (doc: BroadcastDoc) => retryBusy(() => col.insertOne(doc)).then(() => undefined),
    findById: (projectId: number | null, id: number) => col.findOne(projectId === null ? { _id: id } : { _id: id, project_id: projectId }),
    findStale: (before: Date, limit: number) =>
      col.find({ status: { $in: ['enqueued', 'fanning_out'] }, updated_at: { $lt: before } }).limit(limit).toArray(),

    /** Records one published chunk: the cursor moves on only from the expected chunk count. */
    async recordChunkPublished(id: number, chunkIndex: number, cursor: string, size: number, now: Date): Promise<boolean> {
      const r = await retryBusy(() =>
        col.updateOne(
          { _id: id, chunks_published: chunkIndex },
          { $set: { cursor, status: 'fanning_out', updated_at: now }, $inc: { chunks_published: 1, recipients_total: size } },
        ),
      );
      return r.modifiedCount === 1;
    },
    async markFanoutDone(id: number, now: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id, fanout_done: false }, { $set: { fanout_done: true, status: 'fanning_out', updated_at: now } }));
    },
    /** Counts a chunk once: its notifications and its email-eligible recipients. False when it was counted already. */
    async recordChunkDone(id: number, chunkIndex: number, created: number, eligible: number): Promise<boolean> {
      try {
        await retryBusy(() => chunks.insertOne({ _id: `${id}:${chunkIndex}`, broadcast_id: id, created, eligible }));
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    async progress(id: number): Promise<BroadcastProgress> {
      const done = await chunks.find({ broadcast_id: id }).toArray();
      return {
        chunksDone: done.length,
        created: done.reduce((s, c) => s + c.created, 0),
        eligible: done.reduce((s, c) => s + c.eligible, 0),
      };
    },
    async finish(id: number, progress: BroadcastProgress, email: BroadcastDoc['email'], now: Date): Promise<boolean> {
      const r = await retryBusy(() =>
        col.updateOne(
          { _id: id, status: { $ne: 'completed' } },
          { $set: { status: 'completed', email, notifications_created: progress.created, email_eligible: progress.eligible, updated_at: now } },
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
