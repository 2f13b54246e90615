import type { Collection, Db, Filter } from 'mongodb';
import type { StoredDecision } from '../decision';
import { emailNotRequested, emailPending, type ChatContent, type MobilePushContent, type EmailContent, type EmailOutcome, type Notification, type NotificationStatus, type OutboundOutcome, type PushContent, type SendSettings, type SmsContent, type Target } from '../notification';
import { outcomeField, type OutboundMedium } from '../outbound';
import { createBroadcastPayloads } from './broadcast-payloads';
import { keyFieldsFirst } from './key-fields-first';
import { createBulkWriteLane, type BulkWriteLane } from './bulk-write-lane';
import { createWriteDemand, type WriteDemand } from './write-demand';
import { insertManyFates } from './insert-fates';
import { createExpiryIndex, pruneExpiredBatch, withExpiry } from './expiry';
import { createOutcomeRecords, followRecords, type OutcomeRecordDoc } from './outcome-records';
import type { DigestRule } from '../digest-rule';
import { retryBusy } from './store-retry';
import type { ActivityKeys } from './activity-keys';

/**
 * A notification as stored. Written once, in its final state: the worker decides
 * preference, quota and email gating first, then inserts the document (`delivered`, `suppressed`,
 * `quota_exceeded`, `failed` or `not_requested`, with the email `pending` only where a mail is
 * still to be sent). Until then the send is held by JetStream (SendJob) and reads answer from it.
 */
export interface NotificationDoc extends ActivityKeys {
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
   * A broadcast notification whose payload is stored once, on its broadcast (broadcast
   * amplification): `payload_json` is null in the store and filled in by every read that returns
   * documents to a client (findById, listFeed, updateFlags). Absent on direct sends and on
   * broadcast notifications written before it existed (those carry their own copy).
   */
  payload_in_broadcast?: boolean;
  read: boolean;
  opened: boolean;
  /** The recipient has seen it in a list; absent (older documents, never set): not seen. */
  seen?: boolean;
  /** Out of the default feed, kept; absent (older documents, never set): not archived. */
  archived?: boolean;
  /** The `payload.actions` entry the recipient chose (its id), and when; absent until one is. */
  action_taken?: { id: string; at: Date };
  /** Snoozed: out of the feed and the counts until `snoozed_until`; both absent otherwise (never together with `archived`). */
  snoozed?: boolean;
  snoozed_until?: Date;
  /**
   * Its place in the feed (newest first) once a snooze has ended by its timer: a notification id
   * allocated when it woke, so it sorts as a send of that moment would. Absent (never woken, and
   * every older document): its place is its `_id`. See `feedKey`.
   */
  feed_order?: number;
  status: NotificationStatus;
  email: EmailOutcome;
  /** The email block of a direct send whose mail is still to be sent (a broadcast's is on the broadcast); null otherwise. */
  email_content: EmailContent | null;
  /** The SMS outcome; absent when the send had no sms block (and on older documents). */
  sms?: OutboundOutcome;
  /** The web push outcome; absent when the send had no push block. */
  push?: OutboundOutcome;
  /** The chat outcome; absent when the send had no chat block. */
  chat?: OutboundOutcome;
  /** The mobile push outcome (every device of the recipient); absent when the send had no mobile_push block. */
  mobile_push?: OutboundOutcome;
  /** The sms block, kept while the SMS is still to be sent. */
  sms_content?: SmsContent | null;
  /** The push block of a direct send, kept while the push is still to be sent (a broadcast's is on the broadcast). */
  push_content?: PushContent | null;
  /** The chat block, kept while the chat message is still to be sent. */
  chat_content?: ChatContent | null;
  /** The mobile_push block, kept while its pushes are still to be sent. */
  mobile_push_content?: MobilePushContent | null;
  /** Settings snapshot of the send (quota, sender), kept where a mail is still to be sent. */
  settings?: SendSettings;
  /** Which rule decided each medium, written with the outcome; absent on older documents. */
  decision?: StoredDecision;
  /** Older documents only: the outbox flags of the write-twice pipeline. */
  pending?: boolean;
  email_wait?: boolean;
  /**
   * Older documents only: the claim of the worker sending its email (SMS, push, chat), written here
   * by an older version of the service. Claims are now appended documents of their own
   * (`outbound_claims`); a live one found here is still honoured, and the outcome write removes it.
   */
  email_claim?: string;
  email_lease_until?: Date;
  sms_claim?: string;
  sms_lease_until?: Date;
  push_claim?: string;
  push_lease_until?: Date;
  chat_claim?: string;
  chat_lease_until?: Date;
  mobile_push_claim?: string;
  mobile_push_lease_until?: Date;
  /** When retention removes it (created_at + the project's retention_days at send time); null/absent: never. */
  expires_at?: Date | null;
  /** When `read` last changed (its outcome event's id carries it); absent until the first change. */
  read_changed_at?: Date;
  /** When `opened` last changed. */
  opened_changed_at?: Date;
  /** When `seen` last changed (its outcome event's id carries it). */
  seen_changed_at?: Date;
  /** When `archived` last changed (its outcome event's id carries it). */
  archived_changed_at?: Date;
  /** A scheduled send: when it was due. */
  send_at?: Date | null;
  /** A pending email governed by an entry with a digest: the digest it joins, not a mail of its own. */
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
    seen: d.seen ?? false,
    archived: d.archived ?? false,
    actionTaken: d.action_taken?.id ?? null,
    snoozedUntil: d.snoozed_until ?? null,
    status: d.status,
    email: d.email,
    sms: d.sms ?? emailNotRequested(),
    push: d.push ?? emailNotRequested(),
    ...(d.chat ? { chat: d.chat } : {}),
    ...(d.mobile_push ? { mobilePush: d.mobile_push } : {}),
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
    ...(d.chat && d.chat.status !== 'not_requested' ? { chat: emailPending() } : {}),
    ...(d.mobile_push && d.mobile_push.status !== 'not_requested' ? { mobilePush: emailPending() } : {}),
    decision: {},
    updatedAt: d.created_at,
  };
}

/**
 * Notifications of every project. Ids come from the `notifications` sequence (direct sends) or a
 * broadcast chunk's reserved block. Every notification is inserted once, in its final state
 * (`insertDecided`); the only later writes are read/opened and erasure (the outbound outcomes are
 * appended records: outcome-records.ts).
 *
 * `bulkLane` paces broadcast inserts (`insertPaced`) against the other writes of the process
 * (kernel/store/bulk-write-lane.ts); without one they are written unpaced, in one call. The other
 * inserts are counted as `demand`, the lane's signal that something else wants the store.
 */
/**
 * Fills in what is stored beside a notification for every read that returns it to a client: the
 * payloads stored on broadcasts (see `payload_in_broadcast`) and the outbound outcomes appended as
 * records (outcome-records.ts).
 */
export function createPayloadFiller(db: Db) {
  const records = createOutcomeRecords(db);
  const withBroadcastPayloads = createBroadcastPayloadFiller(db);
  return async function withPayloads<D extends NotificationDoc | null>(docs: D[]): Promise<D[]> {
    await records.follow(docs);
    return withBroadcastPayloads(docs);
  };
}

/** The payloads stored on broadcasts (`payload_in_broadcast`) filled in, one read for these notifications; their outcomes as read. */
export function createBroadcastPayloadFiller(db: Db) {
  const payloadsOf = createBroadcastPayloads(db);
  return async function withBroadcastPayloads<D extends NotificationDoc | null>(docs: D[]): Promise<D[]> {
    const refs = docs.filter((d): d is D & NotificationDoc => d !== null && d.payload_in_broadcast === true && d.broadcast_id !== null);
    if (refs.length === 0) return docs;
    const payloads = await payloadsOf(refs.map((d) => d.broadcast_id!));
    for (const d of refs) d.payload_json = payloads.get(d.broadcast_id!) ?? null;
    return docs;
  };
}

/** Erasure tombstones: `<project>:<recipient>` → the highest erased incarnation (writers of notifications check it after inserting). */
export const erasuresOf = (db: Db) => db.collection<{ _id: string; seq: number }>('recipient_erasures');
export const erasureKey = (projectId: number, recipientId: string) => `${projectId}:${recipientId}`;

export function createNotificationRepository(db: Db, opts: { bulkLane?: BulkWriteLane; demand?: WriteDemand } = {}) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const bulkLane = opts.bulkLane ?? createBulkWriteLane({ share: 1, sliceSize: Number.MAX_SAFE_INTEGER });
  const demand = opts.demand ?? createWriteDemand();
  const withPayloads = createPayloadFiller(db);
  const withPayload = async <D extends NotificationDoc | null>(doc: D): Promise<D> => (await withPayloads([doc]))[0];
  const withBroadcastPayloads = createBroadcastPayloadFiller(db);
  const records = createOutcomeRecords(db);
  const erasures = erasuresOf(db);
  /** A document as stored: no payload copied from a broadcast, its expiry from its settings, the fields its indexes key on first. */
  const stored = (d: NotificationDoc): NotificationDoc => {
    const doc = d.payload_in_broadcast ? { ...d, payload_json: null } : d;
    return keyFieldsFirst(doc.expires_at !== undefined || !doc.settings ? doc : withExpiry(doc as NotificationDoc & { settings: SendSettings }));
  };

  return {
    async ensureIndexes(): Promise<void> {
      // Retention: expired notifications (the sweeper's query; on MongoDB also a TTL index).
      await createExpiryIndex(col);
      // Indexes of the write-twice pipeline that nothing queries any more: every index
      // entry costs each insert. `key_unique` guarded broadcast chunks, whose ids are now fixed by
      // the chunk job (a redelivered chunk meets its own _ids); `broadcast_recipient` served lookups
      // now made by _id; `outbox` / `email_outbox` served the pending sweeps.
      // The feed's indexes are declared beside its queries (feed/feed-repository.ts).
      for (const name of ['key_unique', 'broadcast_recipient', 'outbox', 'email_outbox']) await col.dropIndex(name).catch(() => undefined);
    },

    /** Retention: deletes up to `batch` notifications expired at `now`; returns how many (call until 0). */
    pruneExpired: (now: Date, batch: number) => pruneExpiredBatch(col, now, batch),

    /**
     * Inserts decided notifications (one unordered insertMany). Returns the ids this call
     * inserted; a document whose _id exists already was written by an earlier delivery of the same
     * job (ids are fixed before the job is published), so it is not an error: the caller reads the
     * stored one back for its outcome. Counted as demand for the write lane.
     */
    async insertDecided(docs: NotificationDoc[]): Promise<Set<number>> {
      if (docs.length === 0) return new Set();
      const fates = await demand.during(() => insertManyFates(col, docs.map(stored)));
      return new Set([...fates.inserted].map((i) => docs[i]._id));
    },

    /**
     * A broadcast chunk's notifications, inserted through the write lane slice by slice: each
     * slice's documents are built from `items` only once the lane admits it, so what waits for the
     * lane is `items`, not documents. Returns the documents this call inserted, and the ids of those
     * refused as written already (by an earlier delivery of the same chunk: read them back).
     */
    async insertPaced<T>(items: T[], build: (item: T) => NotificationDoc): Promise<{ inserted: NotificationDoc[]; writtenBefore: number[] }> {
      const inserted: NotificationDoc[] = [];
      const writtenBefore: number[] = [];
      await bulkLane.write(items, async (slice) => {
        const docs = slice.map(build);
        const fates = await insertManyFates(col, docs.map(stored));
        docs.forEach((d, i) => (fates.inserted.has(i) ? inserted.push(d) : writtenBefore.push(d._id)));
        return fates.inserted.size;
      });
      return { inserted, writtenBefore };
    },

    /** The notifications with these ids (a worker's batch), their recorded outcomes followed: one query, and one for the records. */
    async findByIds(ids: number[]): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      return records.follow(await col.find({ _id: { $in: ids } }).toArray());
    },

    async findById(projectId: number | null, id: number): Promise<NotificationDoc | null> {
      const filter: Filter<NotificationDoc> = projectId === null ? { _id: id } : { _id: id, project_id: projectId };
      return withPayload(await col.findOne(filter));
    },

    /**
     * One notification of the project with every outcome record of it (each outbound attempt's
     * answer, for its timeline): the records read once, after the notification, and its recorded
     * outcomes followed along them.
     */
    async findWithRecords(projectId: number, id: number): Promise<{ doc: NotificationDoc; records: OutcomeRecordDoc[] } | null> {
      const doc = await col.findOne({ _id: id, project_id: projectId });
      if (!doc) return null;
      const recorded = await records.ofNotification(id);
      followRecords([doc], recorded);
      await withBroadcastPayloads([doc]);
      return { doc, records: recorded };
    },

    /** The payloads of these notifications of one project (broadcast ones filled in from their broadcast). */
    async payloadsOf(projectId: number, ids: number[]): Promise<Map<number, string | null>> {
      if (ids.length === 0) return new Map();
      const docs = await col.find({ _id: { $in: ids }, project_id: projectId }, { projection: { _id: 1, payload_json: 1, payload_in_broadcast: 1, broadcast_id: 1 } }).toArray();
      await withPayloads(docs);
      return new Map(docs.map((d) => [d._id, d.payload_json]));
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
