import type { AnyBulkWriteOperation, Collection, Db, Filter, IndexDescription } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import type { StoredDecision } from '../decision';
import { emailNotRequested, emailPending, type EmailContent, type EmailOutcome, type Notification, type NotificationStatus, type OutboundOutcome, type PushContent, type SendSettings, type SmsContent, type Target } from '../notification';
import { outcomeField, type OutboundMedium } from '../outbound';
import { createBroadcastPayloads } from './broadcast-payloads';
import { createBulkWriteLane, type BulkWriteLane } from './bulk-write-lane';
import { insertManyFates } from './insert-fates';
import { createExpiryIndex, pruneExpiredBatch, withExpiry } from './expiry';
import type { DigestRule } from '../digest-rule';
import { retryBusy } from './store-retry';

/**
 * A notification as stored. Written once, in its final state (issue 18): the worker decides
 * preference, quota and email gating first, then inserts the document (`delivered`, `suppressed`,
 * `quota_exceeded`, `failed` or `not_requested`, with the email `pending` only where a mail is
 * still to be sent). Until then the send is held by JetStream (SendJob) and reads answer from it.
 */
export interface NotificationDoc {
  _id: number;
  project_id: number;
  recipient_id: string;
  /** The recipient's incarnation (recipient service creation sequence); erasure matches on it. Absent on older documents. */
  recipient_seq?: number;
  broadcast_id: number | null;
  /** Older documents only: `d:<id>` / `b:<broadcast>:<recipient>` (a broadcast chunk's ids are now fixed by its job). */
  key?: string;
  target: Target | null;
  payload_json: string | null;
  /**
   * A broadcast notification whose payload is stored once, on its broadcast (issue 9, broadcast
   * amplification): `payload_json` is null in the store and filled in by every read that returns
   * documents to a client (findById, listFeed, updateFlags). Absent on direct sends and on
   * broadcast notifications written before it existed (those carry their own copy).
   */
  payload_in_broadcast?: boolean;
  read: boolean;
  opened: boolean;
  status: NotificationStatus;
  email: EmailOutcome;
  /** The email block of a direct send whose mail is still to be sent (a broadcast's is on the broadcast); null otherwise. */
  email_content: EmailContent | null;
  /** The SMS outcome; absent when the send had no sms block (and on older documents). */
  sms?: OutboundOutcome;
  /** The web push outcome; absent when the send had no push block. */
  push?: OutboundOutcome;
  /** The sms block, kept while the SMS is still to be sent. */
  sms_content?: SmsContent | null;
  /** The push block of a direct send, kept while the push is still to be sent (a broadcast's is on the broadcast). */
  push_content?: PushContent | null;
  /** Settings snapshot of the send (quota, sender), kept where a mail is still to be sent. */
  settings?: SendSettings;
  /** Which rule decided each medium (issue 19), written with the outcome; absent on older documents. */
  decision?: StoredDecision;
  /** Older documents only: the outbox flags of the write-twice pipeline. */
  pending?: boolean;
  email_wait?: boolean;
  /**
   * The claim of the worker sending its email (SMS, push) now (issue 20: at most one message under
   * redelivery): set by `claimOutbound` while the message is pending, renewed while a long exchange
   * runs, and removed by the outcome write. A claim whose lease has passed (its worker died) may be retaken.
   */
  email_claim?: string;
  email_lease_until?: Date;
  sms_claim?: string;
  sms_lease_until?: Date;
  push_claim?: string;
  push_lease_until?: Date;
  /** When retention removes it (created_at + the project's retention_days at send time); null/absent: never. */
  expires_at?: Date | null;
  /** When `read` last changed (its outcome event's id carries it); absent until the first change. */
  read_changed_at?: Date;
  /** When `opened` last changed. */
  opened_changed_at?: Date;
  /** A scheduled send (issue 21): when it was due. */
  send_at?: Date | null;
  /** A pending email governed by an entry with a digest (issue 21): the digest it joins, not a mail of its own. */
  digest_rule?: DigestRule;
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
    sms: d.sms ?? emailNotRequested(),
    push: d.push ?? emailNotRequested(),
    ...(d.decision ? { decision: d.decision } : {}),
    sendAt: d.send_at ?? null,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  };
}

/** The outcome of one outbound medium of a document (not requested when the field is absent). */
export const outcomeOf = (d: NotificationDoc, medium: OutboundMedium): OutboundOutcome => d[outcomeField(medium)] ?? emailNotRequested();

/** The notification as the send answered it (status and email as accepted): an idempotent replay answers this. */
export function acceptedNotification(d: NotificationDoc): Notification {
  return {
    ...toNotification(d),
    read: false,
    opened: false,
    status: d.send_at ? 'scheduled' : d.payload_json !== null ? 'enqueued' : 'not_requested',
    email: d.email.status === 'not_requested' ? emailNotRequested() : emailPending(),
    sms: !d.sms || d.sms.status === 'not_requested' ? emailNotRequested() : emailPending(),
    push: !d.push || d.push.status === 'not_requested' ? emailNotRequested() : emailPending(),
    decision: {},
    updatedAt: d.created_at,
  };
}

/** A conditional outcome change of one outbound medium of one notification (see updateOutboundMany). */
export interface OutcomeChange {
  id: number;
  from: { status: string; attempts: number };
  outcome: OutboundOutcome;
  /** Written only while this claim (see claimOutbound) is still the medium's. */
  claim?: string;
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
 * Notifications of every project. Ids come from the `notifications` sequence (direct sends) or a
 * broadcast chunk's reserved block. Every notification is inserted once, in its final state
 * (`insertDecided`); the only later writes are the email outcome, read/opened and erasure.
 *
 * `bulkLane` paces broadcast inserts (insertDecided with `paced`) against every other write of the
 * process (store/bulk-write-lane.ts); without one they are written unpaced, in one call.
 */
export function createNotificationRepository(db: Db, opts: { bulkLane?: BulkWriteLane } = {}) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const bulkLane = opts.bulkLane ?? createBulkWriteLane({ share: 1, sliceSize: Number.MAX_SAFE_INTEGER });
  const payloadsOf = createBroadcastPayloads(db);
  /** Fills in the payloads stored on broadcasts (see `payload_in_broadcast`). */
  async function withPayloads<D extends NotificationDoc | null>(docs: D[]): Promise<D[]> {
    const refs = docs.filter((d): d is D & NotificationDoc => d !== null && d.payload_in_broadcast === true && d.broadcast_id !== null);
    if (refs.length === 0) return docs;
    const payloads = await payloadsOf(refs.map((d) => d.broadcast_id!));
    for (const d of refs) d.payload_json = payloads.get(d.broadcast_id!) ?? null;
    return docs;
  }
  const withPayload = async <D extends NotificationDoc | null>(doc: D): Promise<D> => (await withPayloads([doc]))[0];
  // Erasure tombstones: `<project>:<recipient>` → the highest erased incarnation (writers of notifications check it after inserting).
  const erasures = db.collection<{ _id: string; seq: number }>('recipient_erasures');
  const erasureKey = (projectId: number, recipientId: string) => `${projectId}:${recipientId}`;
  /** A document as stored: no payload copied from a broadcast, its expiry from its settings. */
  const stored = (d: NotificationDoc): NotificationDoc => {
    const doc = d.payload_in_broadcast ? { ...d, payload_json: null } : d;
    return doc.expires_at !== undefined || !doc.settings ? doc : withExpiry(doc as NotificationDoc & { settings: SendSettings });
  };

  return {
    async ensureIndexes(): Promise<void> {
      // One createIndex call per index: FerretDB 1.24 drops the connection when a single
      // createIndexes call lists several indexes that already exist (a restart on kept data).
      const specs: IndexDescription[] = [
        // Feed list (delivered, newest first, cursor on _id), and the erasure of a recipient's
        // notifications ({project, recipient} prefix).
        { key: { project_id: 1, recipient_id: 1, status: 1, _id: -1 }, name: 'feed' },
        // The unread-only feed page (newest first, cursor on _id: a walk of the page, whatever the
        // recipient's unread count), the unread count and mark-all-read (its {…, read} prefix).
        // It replaces `feed_unread` {project, recipient, status, read}, with which a store may sort
        // every unread match to answer a page (the local store's SQLite planner did: measured 2×
        // the page of a recipient with 10 for one with 5,000 unread).
        { key: { project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 }, name: 'feed_unread_by_id' },
      ];
      for (const { key, ...options } of specs) await col.createIndex(key, options);
      // Retention: expired notifications (the sweeper's query; on MongoDB also a TTL index).
      await createExpiryIndex(col);
      // Indexes of the write-twice pipeline that nothing queries any more (issue 18): every index
      // entry costs each insert. `key_unique` guarded broadcast chunks, whose ids are now fixed by
      // the chunk job (a redelivered chunk meets its own _ids); `broadcast_recipient` served lookups
      // now made by _id; `outbox` / `email_outbox` served the pending sweeps.
      // `feed_unread` is replaced by `feed_unread_by_id` (above, created first, so a running older
      // replica always has one of them).
      for (const name of ['key_unique', 'broadcast_recipient', 'outbox', 'email_outbox', 'feed_unread']) await col.dropIndex(name).catch(() => undefined);
    },

    /** Retention: deletes up to `batch` notifications expired at `now`; returns how many (call until 0). */
    pruneExpired: (now: Date, batch: number) => pruneExpiredBatch(col, now, batch),

    /**
     * Inserts decided notifications (one unordered insertMany; `paced`: broadcast chunks, through
     * the write lane). Returns the ids this call inserted; a document whose _id exists already was
     * written by an earlier delivery of the same job (ids are fixed before the job is published),
     * so it is not an error: the caller reads the stored one back for its outcome.
     */
    async insertDecided(docs: NotificationDoc[], opts: { paced?: boolean } = {}): Promise<Set<number>> {
      if (docs.length === 0) return new Set();
      const inserted = new Set<number>();
      const write = async (slice: NotificationDoc[]) => {
        const fates = await insertManyFates(col, slice.map(stored));
        for (const i of fates.inserted) inserted.add(slice[i]._id);
        return fates.inserted.size;
      };
      if (opts.paced) await bulkLane.write(docs, write);
      else await write(docs);
      return inserted;
    },

    /** The notifications with these ids (a worker's batch): one query. */
    async findByIds(ids: number[]): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      return col.find({ _id: { $in: ids } }).toArray();
    },

    async findById(projectId: number | null, id: number): Promise<NotificationDoc | null> {
      const filter: Filter<NotificationDoc> = projectId === null ? { _id: id } : { _id: id, project_id: projectId };
      return withPayload(await col.findOne(filter));
    },

    /** The payloads of these notifications of one project (broadcast ones filled in from their broadcast). */
    async payloadsOf(projectId: number, ids: number[]): Promise<Map<number, string | null>> {
      if (ids.length === 0) return new Map();
      const docs = await col.find({ _id: { $in: ids }, project_id: projectId }, { projection: { _id: 1, payload_json: 1, payload_in_broadcast: 1, broadcast_id: 1 } }).toArray();
      await withPayloads(docs);
      return new Map(docs.map((d) => [d._id, d.payload_json]));
    },

    /**
     * Sets the same email outcome on these notifications where it is still pending (a digest's items,
     * issue 21): one update for the whole digest. Returns how many changed.
     */
    async setEmailWherePending(ids: number[], email: OutboundOutcome, now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const r = await retryBusy(() => col.updateMany({ _id: { $in: ids }, 'email.status': 'pending' }, { $set: { email, updated_at: now } }));
      return r.modifiedCount;
    },

    /**
     * Conditional outcome changes of one outbound medium for a batch, in one round trip (each only
     * from its expected status and attempt count). A change that ends the medium drops the content
     * kept for sending it (direct sends only; email keeps `email_content`, which older readers expect).
     */
    async updateOutboundMany(medium: OutboundMedium, changes: OutcomeChange[], now: Date): Promise<number> {
      if (changes.length === 0) return 0;
      const field = outcomeField(medium);
      const ops: AnyBulkWriteOperation<NotificationDoc>[] = changes.map((c) => ({
        updateOne: {
          filter: { _id: c.id, [`${field}.status`]: c.from.status, [`${field}.attempts`]: c.from.attempts, ...(c.claim ? { [`${field}_claim`]: c.claim } : {}) },
          update: {
            $set: { [field]: c.outcome, updated_at: now, ...(field !== 'email' && c.outcome.status !== 'pending' ? { [`${field}_content`]: null } : {}) },
            $unset: { [`${field}_claim`]: '', [`${field}_lease_until`]: '' },
          },
        },
      }));
      const r = await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
      return r.modifiedCount;
    },

    /**
     * Claims the pending messages of one medium of these notifications for one sender (`claim`,
     * unique per batch) until `leaseUntil`: those unclaimed, or whose claim's lease has passed (its
     * worker died). One conditional update per message (in one call); the caller reads the
     * documents back to learn which are its own. On MongoDB each document's match and update is
     * atomic, so two workers never both hold one message.
     */
    async claimOutbound(medium: OutboundMedium, ids: number[], claim: string, leaseUntil: Date, now: Date): Promise<void> {
      if (ids.length === 0) return;
      const field = outcomeField(medium);
      const lease = `${field}_lease_until`;
      await retryBusy(() =>
        col.updateMany(
          { _id: { $in: ids }, [`${field}.status`]: 'pending', $or: [{ [lease]: { $exists: false } }, { [lease]: { $lte: now } }] },
          { $set: { [`${field}_claim`]: claim, [lease]: leaseUntil } },
        ),
      );
    },

    /** Extends the lease of these messages while `claim` is still theirs; how many it still held. */
    async renewOutboundLeases(medium: OutboundMedium, ids: number[], claim: string, leaseUntil: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const field = outcomeField(medium);
      const r = await retryBusy(() => col.updateMany({ _id: { $in: ids }, [`${field}_claim`]: claim }, { $set: { [`${field}_lease_until`]: leaseUntil } }));
      return r.matchedCount;
    },

    /**
     * An SMS provider's status callback: the SMS outcome of notification `id` becomes `outcome`, only
     * when it is `sent` with that provider message id (a repeat or a late callback changes nothing).
     */
    async updateSmsStatus(id: number, messageId: string, outcome: OutboundOutcome, now: Date): Promise<NotificationDoc | null> {
      const r = await retryBusy(() => col.updateOne({ _id: id, 'sms.status': 'sent', 'sms.message_id': messageId }, { $set: { sms: outcome, updated_at: now } }));
      return r.modifiedCount === 1 ? col.findOne({ _id: id }) : null;
    },

    /** Sets one outbound outcome of these notifications of a broadcast (one chunk's at most: the cap), where still pending. */
    async setOutcomeForBroadcast(medium: OutboundMedium, broadcastId: number, ids: number[], outcome: OutboundOutcome, now: Date): Promise<void> {
      if (ids.length === 0) return;
      const field = outcomeField(medium);
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, broadcast_id: broadcastId, [`${field}.status`]: 'pending' }, { $set: { [field]: outcome, updated_at: now } }));
    },

    async listFeed(q: FeedQuery): Promise<NotificationDoc[]> {
      const filter: Filter<NotificationDoc> = { project_id: q.projectId, recipient_id: q.recipientId, status: 'delivered' };
      if (q.beforeId !== null) filter._id = { $lt: q.beforeId };
      if (q.read !== null) filter.read = q.read;
      return withPayloads(await col.find(filter, { projection: { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } }).sort({ _id: -1 }).limit(q.limit).toArray());
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
      const doc = await withPayload(await col.findOne(filter));
      return doc ? { doc, changed } : null;
    },

    /** The ids of the recipient's unread delivered notifications (the feed_unread_by_id index). */
    async unreadIds(projectId: number, recipientId: string): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId, status: 'delivered', read: false }, { projection: { _id: 1 } }).toArray();
      return docs.map((d) => d._id);
    },

    /** Marks these notifications read where still unread, stamping `now`; returns those this call changed. */
    async markRead(ids: number[], now: Date): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, read: false }, { $set: { read: true, read_changed_at: now, updated_at: now } }));
      return withPayloads(await col.find({ _id: { $in: ids }, read: true, read_changed_at: now }, { projection: { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } }).toArray());
    },

    /**
     * Erases a recipient's notifications: with the erased incarnation's `seq`, those of that
     * incarnation or an earlier one, and those without an incarnation (older documents) created at
     * or before `before`; without it, everything created at or before `before`.
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
     * After an insert: removes the given notifications whose recipient's incarnation is erased (a
     * tombstone at or above it). Either this check sees the tombstone, or the erasure handler,
     * writing it first, sees the insert. One read of the tombstones; a delete only when one
     * matches. Returns the ids removed.
     */
    async deleteErased(docs: Pick<NotificationDoc, '_id' | 'project_id' | 'recipient_id' | 'recipient_seq'>[]): Promise<Set<number>> {
      const gone = new Set<number>();
      const withSeq = docs.filter((d) => d.recipient_seq !== undefined);
      if (withSeq.length === 0) return gone;
      const keys = [...new Set(withSeq.map((d) => erasureKey(d.project_id, d.recipient_id)))];
      const tombstones = new Map((await erasures.find({ _id: { $in: keys } }).toArray()).map((t) => [t._id, t.seq]));
      if (tombstones.size === 0) return gone;
      for (const d of withSeq) {
        const erasedUpTo = tombstones.get(erasureKey(d.project_id, d.recipient_id));
        if (erasedUpTo !== undefined && d.recipient_seq! <= erasedUpTo) gone.add(d._id);
      }
      if (gone.size > 0) await retryBusy(() => col.deleteMany({ _id: { $in: [...gone] } }));
      return gone;
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
