import type { Collection, Db } from 'mongodb';
import type { Target } from '../kernel/notification';
import { createExpiryIndex, pruneExpiredBatch } from '../kernel/store/expiry';
import { insertManyFates } from '../kernel/store/insert-fates';
import { retryBusy } from '../kernel/store/store-retry';

export type DigestStatus = 'open' | 'sent' | 'skipped' | 'failed';

/**
 * One digest window: window number `w` of a key (`<project>:<entry>:<recipient>`). Opened
 * by inserting it: the unique (key, w) lets one opener win. Its items are its slots (below).
 */
export interface DigestDoc {
  /** The digest id (a sequence: positive, increasing with creation). */
  _id: number;
  key: string;
  w: number;
  project_id: number;
  recipient_id: string;
  entry_id: number;
  target: Target;
  subject: string;
  window_seconds: number;
  max_items: number;
  opened_at: Date;
  /** When the window ends (epoch ms). */
  closes_ms: number;
  status: DigestStatus;
  /** Once closed: its items in order (those skipped at closing included). */
  notification_ids?: number[];
  sent_at?: Date | null;
  message_id?: string | null;
  address?: string | null;
  reason?: string | null;
  expires_at: Date;
}

/**
 * A slot of a digest: item `k` (1 ≤ k ≤ max_items), or the seal. Items join by inserting the next
 * slot; closing inserts a seal into the next free slot. Every slot is taken by exactly one insert,
 * and an item never takes a slot past the seal (it tries them in order and stops at the seal), so
 * the items below the seal are the digest's, fixed once it is sealed. `notification_id` is unique:
 * a notification is an item of at most one digest, whatever retries and races happen.
 */
export interface DigestSlotDoc {
  /** `<digest>:<k>` */
  _id: string;
  digest_id: number;
  k: number;
  /** The item's notification; the seal holds `-<digest id>` (unique too, one seal per digest). */
  notification_id: number;
  seal?: true;
  expires_at: Date;
}

export const slotId = (digestId: number, k: number) => `${digestId}:${k}`;

/** The items of a digest given its slots: every item below the seal (all of them while it is open or full). */
export function itemsBelowSeal(slots: DigestSlotDoc[]): DigestSlotDoc[] {
  const seal = slots.find((s) => s.seal);
  return slots.filter((s) => !s.seal && (!seal || s.k < seal.k)).sort((a, b) => a.k - b.k);
}

export function createDigestRepository(db: Db) {
  const digests: Collection<DigestDoc> = db.collection<DigestDoc>('digests');
  const slots: Collection<DigestSlotDoc> = db.collection<DigestSlotDoc>('digest_slots');

  return {
    async ensureIndexes(): Promise<void> {
      // The windows of a key (latest: the highest w), and one opener per (key, w).
      await digests.createIndex({ key: 1, w: -1 }, { name: 'key_window', unique: true });
      // A digest's slots in order (closing reads them; a joiner re-reads them after a conflict).
      await slots.createIndex({ digest_id: 1, k: 1 }, { name: 'digest_k' });
      // A notification joins at most one digest (and a redelivered join finds where it joined).
      await slots.createIndex({ notification_id: 1 }, { name: 'notification_unique', unique: true });
      // A recipient's digests (its erasure removes them).
      await digests.createIndex({ project_id: 1, recipient_id: 1, opened_at: 1 }, { name: 'project_recipient' });
      // Retention (TTL on MongoDB, the sweep elsewhere).
      await createExpiryIndex(digests);
      await createExpiryIndex(slots);
    },

    findById: (projectId: number | null, id: number) => digests.findOne(projectId === null ? { _id: id } : { _id: id, project_id: projectId }),

    /** The latest window of each key: one indexed `sort({w: -1}).limit(1)` per key, concurrently. */
    async latest(keys: string[]): Promise<Map<string, DigestDoc>> {
      const found = await Promise.all(keys.map((key) => digests.find({ key }).sort({ w: -1 }).limit(1).toArray()));
      return new Map(found.flatMap((docs) => (docs[0] ? [[docs[0].key, docs[0]] as const] : [])));
    },

    /** Opens windows; returns the ids this call opened (another opener of the same (key, w) wins over the rest). */
    async open(docs: DigestDoc[]): Promise<Set<number>> {
      const fates = await insertManyFates(digests, docs);
      return new Set([...fates.inserted].map((i) => docs[i]._id));
    },

    /** Inserts slots; returns the `_id`s this call took. */
    async take(docs: DigestSlotDoc[]): Promise<Set<string>> {
      const fates = await insertManyFates(slots, docs);
      return new Set([...fates.inserted].map((i) => docs[i]._id));
    },

    /** A digest's slots in order (items and, once sealed, the seal). */
    slotsOf: (digestId: number) => slots.find({ digest_id: digestId }).sort({ k: 1 }).toArray(),

    /** The slots these notifications hold (a redelivered or racing join). */
    slotsOfNotifications: (ids: number[]) => (ids.length ? slots.find({ notification_id: { $in: ids } }).toArray() : Promise.resolve([])),

    /** Removes slots taken past a seal (a join that lost the race with the closing: the closing never counts them). */
    async release(ids: string[]): Promise<void> {
      if (ids.length > 0) await retryBusy(() => slots.deleteMany({ _id: { $in: ids }, seal: { $exists: false } }));
    },

    /** Records how a digest ended (its items fixed by its seal). */
    async finish(id: number, fields: Pick<DigestDoc, 'status' | 'notification_ids' | 'sent_at' | 'message_id' | 'address' | 'reason'>): Promise<void> {
      await retryBusy(() => digests.updateOne({ _id: id, status: 'open' }, { $set: fields }));
    },

    /** Erasure: removes a recipient's digests opened at or before `before`, and their slots; returns how many digests. */
    async deleteForRecipient(projectId: number, recipientId: string, before: Date): Promise<number> {
      const who = { project_id: projectId, recipient_id: recipientId, opened_at: { $lte: before } };
      const ids = (await digests.find(who, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
      if (ids.length === 0) return 0;
      await retryBusy(() => slots.deleteMany({ digest_id: { $in: ids } }));
      return (await retryBusy(() => digests.deleteMany({ _id: { $in: ids } }))).deletedCount;
    },

    /** Retention: windows and slots long closed (call until 0). */
    pruneExpired: async (now: Date, batch: number) => (await pruneExpiredBatch(slots, now, batch)) + (await pruneExpiredBatch(digests, now, batch)),
  };
}

export type DigestRepository = ReturnType<typeof createDigestRepository>;
