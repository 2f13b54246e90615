import type { AnyBulkWriteOperation, Collection, Db, Filter, IndexDescription } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { emailNotRequested, emailPending, type EmailContent, type EmailOutcome, type Notification, type NotificationStatus, type SendSettings, type Target } from '../domain/notification';
import { insertManyFates } from './insert-fates';
import { retryBusy } from './store-retry';

/** A notification as stored. `pending` is the outbox flag: true until the worker has gated it. */
export interface NotificationDoc {
  _id: number;
  project_id: number;
  recipient_id: string;
  /** Broadcast notifications: the recipient's incarnation (recipient service creation sequence); erasure matches on it. */
  recipient_seq?: number;
  broadcast_id: number | null;
  /** Unique: `d:<id>` for a direct send, `b:<broadcast>:<recipient>` (one per recipient per broadcast). */
  key: string;
  target: Target | null;
  payload_json: string | null;
  read: boolean;
  opened: boolean;
  status: NotificationStatus;
  email: EmailOutcome;
  /** The email block of a direct send (a broadcast's is on the broadcast). */
  email_content: EmailContent | null;
  /** Settings snapshot of the send (quota). */
  settings: SendSettings;
  pending: boolean;
  /**
   * Email outbox flag of a direct send: true from the gating write that left the email `pending`
   * until its first outcome write; the sweeper republishes its job if it stays true (a crash
   * between the write and the publish). Absent on broadcast notifications (their emails are
   * queued by the broadcast's completion) and on documents written before it existed.
   */
  email_wait?: boolean;
  /** When `read` last changed (its outcome event's id carries it); absent until the first change. */
  read_changed_at?: Date;
  /** When `opened` last changed. */
  opened_changed_at?: Date;
  created_at: Date;
  updated_at: Date;
}

export function toNotification(d: NotificationDoc): Notification {
  return {
    id: d._id,
    projectId: d.project_id,
    recipientId: d.recipient_id,
    broadcastId: d.broadcast_id,
    target: d.target,
    payloadJson: d.payload_json,
    read: d.read,
    opened: d.opened,
    status: d.status,
    email: d.email,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  };
}

/** The notification as the send answered it (status and email as accepted): an idempotent replay answers this. */
export function acceptedNotification(d: NotificationDoc): Notification {
  return {
    ...toNotification(d),
    read: false,
    opened: false,
    status: d.payload_json !== null ? 'enqueued' : 'not_requested',
    email: d.email_content ? emailPending() : emailNotRequested(),
    updatedAt: d.created_at,
  };
}

/** The outcome the worker writes for one notification. */
export interface GatingOutcome {
  id: number;
  status: NotificationStatus;
  email: EmailOutcome;
}

/** A conditional email outcome change of one notification (see updateEmailMany). */
export interface EmailChange {
  id: number;
  from: { status: string; attempts: number };
  email: EmailOutcome;
}

export interface FeedQuery {
  projectId: number;
  recipientId: string;
  limit: number;
  /** Only ids below this one (the cursor). */
  beforeId: number | null;
  read: boolean | null;
}

/**
 * Notifications of every project. Ids come from the `notifications` sequence. Writes go through
 * a small group-commit batcher: concurrent sends become one insertMany.
 */
export function createNotificationRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const batcher = createInsertBatcher(col);
  // Erasure tombstones: `<project>:<recipient>` → the highest erased incarnation (broadcast chunks check it after inserting).
  const erasures = db.collection<{ _id: string; seq: number }>('recipient_erasures');
  const erasureKey = (projectId: number, recipientId: string) => `${projectId}:${recipientId}`;

  return {
    async ensureIndexes(): Promise<void> {
      // One createIndex call per index: FerretDB 1.24 drops the connection when a single
      // createIndexes call lists several indexes that already exist (a restart on kept data).
      const specs: IndexDescription[] = [
        // Idempotent broadcast inserts: one notification per (broadcast, recipient); direct sends use d:<id>.
        { key: { key: 1 }, name: 'key_unique', unique: true },
        // Feed list (delivered, newest first, cursor on _id), unread count and mark-all-read
        // ({project, recipient, status, read}), and the erasure of a recipient's notifications.
        { key: { project_id: 1, recipient_id: 1, status: 1, _id: -1 }, name: 'feed' },
        { key: { project_id: 1, recipient_id: 1, status: 1, read: 1 }, name: 'feed_unread' },
        // Outbox sweeper: notifications still pending, oldest first.
        { key: { pending: 1, created_at: 1 }, name: 'outbox' },
        // Email outbox sweeper: gated emails whose job may not have been published.
        { key: { email_wait: 1, updated_at: 1 }, name: 'email_outbox' },
        // A broadcast chunk's existing notifications (resume after a crash) and the email cap step.
        { key: { broadcast_id: 1, recipient_id: 1 }, name: 'broadcast_recipient' },
      ];
      for (const { key, ...options } of specs) await col.createIndex(key, options);
    },

    /** Inserts one notification (batched with concurrent ones). */
    insert: (doc: NotificationDoc): Promise<void> => batcher(doc),

    /** Inserts many; those whose key exists already (a redelivered chunk) are skipped. Returns how many were new. */
    async insertManyIdempotent(docs: NotificationDoc[]): Promise<number> {
      if (docs.length === 0) return 0;
      try {
        const r = await retryBusy(() => col.insertMany(docs, { ordered: false }));
        return r.insertedCount;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const e = err as { result?: { insertedCount?: number }; insertedCount?: number };
        return e.result?.insertedCount ?? e.insertedCount ?? 0;
      }
    },

    /** The notifications with these ids (a worker's batch): one query. */
    async findByIds(ids: number[]): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      return col.find({ _id: { $in: ids } }).toArray();
    },

    async findById(projectId: number | null, id: number): Promise<NotificationDoc | null> {
      const filter: Filter<NotificationDoc> = projectId === null ? { _id: id } : { _id: id, project_id: projectId };
      return col.findOne(filter);
    },

    /** The notifications a broadcast already has for these recipients. */
    async findForBroadcast(broadcastId: number, recipientIds: string[]): Promise<NotificationDoc[]> {
      return col.find({ broadcast_id: broadcastId, recipient_id: { $in: recipientIds } }).toArray();
    },

    /**
     * Applies the worker's outcome once: only while the notification is still pending, so a
     * redelivered job never applies twice. Returns false when another delivery already did.
     */
    async completeGating(id: number, status: NotificationStatus, email: EmailOutcome, now: Date): Promise<boolean> {
      const r = await retryBusy(() => col.updateOne({ _id: id, pending: true }, { $set: { status, email, pending: false, updated_at: now } }));
      return r.modifiedCount === 1;
    },

    /**
     * The worker's outcomes for a batch, in one round trip: each applies only while its
     * notification is still pending (a redelivered job has no second effect). An email left
     * `pending` raises `email_wait` (the email outbox flag). Returns how many were applied.
     */
    async completeGatingMany(outcomes: GatingOutcome[], now: Date): Promise<number> {
      if (outcomes.length === 0) return 0;
      const ops: AnyBulkWriteOperation<NotificationDoc>[] = outcomes.map((o) => ({
        updateOne: {
          filter: { _id: o.id, pending: true },
          update: { $set: { status: o.status, email: o.email, pending: false, email_wait: o.email.status === 'pending', updated_at: now } },
        },
      }));
      const r = await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
      return r.modifiedCount;
    },

    /** Conditional email outcome changes of a batch in one round trip (each only from its expected status and attempt count). */
    async updateEmailMany(changes: EmailChange[], now: Date): Promise<number> {
      if (changes.length === 0) return 0;
      const ops: AnyBulkWriteOperation<NotificationDoc>[] = changes.map((c) => ({
        updateOne: {
          filter: { _id: c.id, 'email.status': c.from.status, 'email.attempts': c.from.attempts },
          update: { $set: { email: c.email, email_wait: false, updated_at: now } },
        },
      }));
      const r = await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
      return r.modifiedCount;
    },

    /** Direct sends whose gated email may not have been handed to the sender (email outbox sweeper). */
    async findEmailWaiting(before: Date, limit: number): Promise<Pick<NotificationDoc, '_id' | 'project_id'>[]> {
      return col.find({ email_wait: true, updated_at: { $lt: before } }, { projection: { _id: 1, project_id: 1 } }).limit(limit).toArray();
    },

    /** Conditional email outcome change: only from the expected email status and attempt count. */
    async updateEmail(id: number, from: { status: string; attempts: number }, email: EmailOutcome, now: Date): Promise<boolean> {
      const r = await retryBusy(() =>
        col.updateOne({ _id: id, 'email.status': from.status, 'email.attempts': from.attempts }, { $set: { email, updated_at: now } }),
      );
      return r.modifiedCount === 1;
    },

    /** Sets the email outcome of these notifications of a broadcast (one chunk's at most: the email cap), where still pending. */
    async setEmailForBroadcast(broadcastId: number, ids: number[], email: EmailOutcome, now: Date): Promise<void> {
      if (ids.length === 0) return;
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, broadcast_id: broadcastId, 'email.status': 'pending' }, { $set: { email, updated_at: now } }));
    },

    /** Notifications still waiting for the worker, created before `before` (outbox sweeper). */
    async findPending(before: Date, limit: number): Promise<NotificationDoc[]> {
      return col.find({ pending: true, created_at: { $lt: before } }, { projection: { email_content: 0, payload_json: 0 } }).limit(limit).toArray();
    },

    async listFeed(q: FeedQuery): Promise<NotificationDoc[]> {
      const filter: Filter<NotificationDoc> = { project_id: q.projectId, recipient_id: q.recipientId, status: 'delivered' };
      if (q.beforeId !== null) filter._id = { $lt: q.beforeId };
      if (q.read !== null) filter.read = q.read;
      return col.find(filter, { projection: { email_content: 0 } }).sort({ _id: -1 }).limit(q.limit).toArray();
    },

    async countUnread(projectId: number, recipientId: string): Promise<number> {
      return col.countDocuments({ project_id: projectId, recipient_id: recipientId, status: 'delivered', read: false });
    },

    /**
     * Sets read/opened on one delivered notification of the recipient: each flag is written only
     * when it changes (conditional on the other value), stamping its change time. Returns the
     * document after, and which flags this call changed; null when there is no such notification.
     */
    async updateFlags(
      projectId: number,
      recipientId: string,
      id: number,
      flags: { read?: boolean; opened?: boolean },
      now: Date,
    ): Promise<{ doc: NotificationDoc; changed: { read?: boolean; opened?: boolean } } | null> {
      const filter = { _id: id, project_id: projectId, recipient_id: recipientId, status: 'delivered' as const };
      const changed: { read?: boolean; opened?: boolean } = {};
      if (flags.read !== undefined) {
        const v = flags.read;
        const r = await retryBusy(() => col.updateOne({ ...filter, read: !v }, { $set: { read: v, read_changed_at: now, updated_at: now } }));
        if (r.modifiedCount === 1) changed.read = v;
      }
      if (flags.opened !== undefined) {
        const v = flags.opened;
        const r = await retryBusy(() => col.updateOne({ ...filter, opened: !v }, { $set: { opened: v, opened_changed_at: now, updated_at: now } }));
        if (r.modifiedCount === 1) changed.opened = v;
      }
      const doc = await col.findOne(filter);
      return doc ? { doc, changed } : null;
    },

    /** The ids of the recipient's unread delivered notifications (the feed_unread index). */
    async unreadIds(projectId: number, recipientId: string): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId, status: 'delivered', read: false }, { projection: { _id: 1 } }).toArray();
      return docs.map((d) => d._id);
    },

    /** Marks these notifications read where still unread, stamping `now`; returns those this call changed. */
    async markRead(ids: number[], now: Date): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, read: false }, { $set: { read: true, read_changed_at: now, updated_at: now } }));
      return col.find({ _id: { $in: ids }, read: true, read_changed_at: now }, { projection: { email_content: 0 } }).toArray();
    },

    /**
     * Erases a recipient's notifications: with the erased incarnation's `seq`, those of that
     * incarnation or an earlier one, and those without an incarnation (direct sends, older
     * broadcasts) created at or before `before`; without it, everything created at or before `before`.
     */
    async deleteForRecipient(projectId: number, recipientId: string, before: Date, seq: number | null = null): Promise<number> {
      const who = { project_id: projectId, recipient_id: recipientId };
      if (seq === null) return (await retryBusy(() => col.deleteMany({ ...who, created_at: { $lte: before } }))).deletedCount;
      const bySeq = await retryBusy(() => col.deleteMany({ ...who, recipient_seq: { $lte: seq } }));
      const byTime = await retryBusy(() => col.deleteMany({ ...who, recipient_seq: { $exists: false }, created_at: { $lte: before } }));
      return bySeq.deletedCount + byTime.deletedCount;
    },

    /** Records that a recipient's incarnations up to `seq` are erased (a tombstone; written before the notifications are removed). */
    async recordErasure(projectId: number, recipientId: string, seq: number): Promise<void> {
      const _id = erasureKey(projectId, recipientId);
      for (;;) {
        const have = await erasures.findOne({ _id });
        if (have && have.seq >= seq) return;
        try {
          if (have) await retryBusy(() => erasures.updateOne({ _id, seq: have.seq }, { $set: { seq } }));
          else await retryBusy(() => erasures.insertOne({ _id, seq }));
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    },

    /**
     * After a chunk's insert: removes this broadcast's notifications of the chunk's recipients
     * whose incarnation is erased (a tombstone at or above it). Returns those recipients.
     */
    async deleteErasedOfBroadcast(broadcastId: number, projectId: number, recipientIds: string[]): Promise<Set<string>> {
      const gone = new Set<string>();
      if (recipientIds.length === 0) return gone;
      const tombstones = await erasures.find({ _id: { $in: recipientIds.map((r) => erasureKey(projectId, r)) } }).toArray();
      for (const t of tombstones) {
        const recipientId = t._id.slice(t._id.indexOf(':') + 1);
        const key = `b:${broadcastId}:${recipientId}`;
        const r = await retryBusy(() => col.deleteMany({ key, recipient_seq: { $lte: t.seq } }));
        if (r.deletedCount > 0 || (await col.countDocuments({ key })) === 0) gone.add(recipientId);
      }
      return gone;
    },

    async countForBroadcast(broadcastId: number): Promise<number> {
      return col.countDocuments({ broadcast_id: broadcastId });
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

/**
 * Group commit: inserts arriving within `lingerMs` of each other, or while one insertMany is in
 * flight, go together in the next one (at most `maxBatch`). Each caller learns its own document's
 * fate: refused as a duplicate counts as written (ids come from our own sequence, so a document
 * with the same id is this one, written by an earlier try); when the store's answer says nothing
 * per document (the connection dropped), the batch's ids are read back to tell written from not.
 */
function createInsertBatcher(col: Collection<NotificationDoc>, maxBatch = 500, lingerMs = 2) {
  type Entry = { doc: NotificationDoc; resolve: () => void; reject: (e: unknown) => void };
  let queue: Entry[] = [];
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  const settle = async (batch: Entry[]) => {
    try {
      await insertManyFates(col, batch.map((b) => b.doc));
      for (const b of batch) b.resolve();
    } catch (err) {
      let written: Set<number>;
      try {
        const found = await col.find({ _id: { $in: batch.map((b) => b.doc._id) } }, { projection: { _id: 1 } }).toArray();
        written = new Set(found.map((d) => d._id));
      } catch {
        written = new Set();
      }
      for (const b of batch) {
        if (written.has(b.doc._id)) b.resolve();
        else b.reject(err);
      }
    }
  };
  const flush = async () => {
    timer = null;
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      await settle(batch);
    }
    running = false;
  };
  return (doc: NotificationDoc) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ doc, resolve, reject });
      if (running) return;
      if (queue.length >= maxBatch) {
        if (timer) clearTimeout(timer);
        void flush();
      } else if (!timer) timer = setTimeout(() => void flush(), lingerMs);
    });
}
