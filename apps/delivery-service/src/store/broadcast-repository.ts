import type { Collection, Db } from 'mongodb';
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
  /** Chunks whose notifications are all written and gated (each counted once). */
  chunks_done: number[];
  recipients_total: number;
  notifications_created: number;
  email: { status: 'pending' | 'sent' | 'blocked'; eligible: number | null } | null;
  email_eligible: number;
  created_at: Date;
  updated_at: Date;
}

export function toBroadcast(d: BroadcastDoc): Broadcast {
  return {
    id: d._id,
    projectId: d.project_id,
    target: d.target,
    payloadJson: d.payload_json,
    settings: d.settings,
    status: d.status,
    recipientsTotal: d.recipients_total,
    notificationsCreated: d.notifications_created,
    email: d.email,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  };
}

/** Broadcasts; every progress write is conditional so a redelivered job never counts twice. */
export function createBroadcastRepository(db: Db) {
  const col: Collection<BroadcastDoc> = db.collection<BroadcastDoc>('broadcasts');
  return {
    async ensureIndexes(): Promise<void> {
      // Outbox sweeper: broadcasts whose fan-out has not started, oldest first.
      await col.createIndexes([{ key: { status: 1, created_at: 1 }, name: 'status_created' }]);
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
    /** Counts a chunk once: its notifications and its email-eligible recipients. */
    async recordChunkDone(id: number, chunkIndex: number, created: number, eligible: number, now: Date): Promise<BroadcastDoc | null> {
      return retryBusy(() =>
        col.findOneAndUpdate(
          { _id: id, chunks_done: { $ne: chunkIndex } },
          { $push: { chunks_done: chunkIndex }, $inc: { notifications_created: created, email_eligible: eligible }, $set: { updated_at: now } },
          { returnDocument: 'after' },
        ),
      );
    },
    async finish(id: number, email: BroadcastDoc['email'], now: Date): Promise<boolean> {
      const r = await retryBusy(() => col.updateOne({ _id: id, status: { $ne: 'completed' } }, { $set: { status: 'completed', email, updated_at: now } }));
      return r.modifiedCount === 1;
    },
    async touch(id: number, now: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id }, { $set: { updated_at: now } }));
    },
  };
}

export type BroadcastRepository = ReturnType<typeof createBroadcastRepository>;
