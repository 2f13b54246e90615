import { createBatcher } from '@herald/service-kit';
import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import { createExpiryIndex, pruneExpiredBatch } from '../../kernel/store/expiry';
import { insertManyFates } from '../../kernel/store/insert-fates';
import { retryBusy } from '../../kernel/store/store-retry';

/** Where one device's push of one notification stands: being sent, ended, or to be tried again. */
export type DevicePushState = 'sending' | 'sent' | 'gone' | 'failed' | 'retry';

/** One device's push of one notification; `_id` is `<notification id>:<device id>`. */
export interface DevicePushDoc {
  _id: string;
  project_id: number;
  /** The notification's recipient: the recipient's erasure removes its pushes' records. */
  recipient_id?: string;
  state: DevicePushState;
  detail: string | null;
  updated_at: Date;
  /** The notification's own expiry (its retention): the retention pass removes the record with it; null never. */
  expires_at?: Date | null;
}

/** The notification whose pushes are recorded. */
export interface PushedNotification {
  projectId: number;
  notificationId: number;
  recipientId: string;
  expiresAt: Date | null;
}

const idOf = (notificationId: number, deviceId: number) => `${notificationId}:${deviceId}`;
const owner = (push: PushedNotification) => ({ project_id: push.projectId, recipient_id: push.recipientId, expires_at: push.expiresAt });

/** Records one store command carries at most; the writes of the jobs in hand at once go together. */
const MAX_RECORDS_PER_COMMAND = 500;
/** Commands of each kind in flight at once; the calls made meanwhile gather for the next one. */
const COMMANDS_IN_FLIGHT = 2;

/**
 * The per-device claims of mobile push: a device's push is marked `sending` (an insert, or a
 * conditional update from `retry`) before its request goes out, so a worker killed mid-batch
 * leaves `sending` behind and no later attempt sends to that device again (at most once per
 * device and notification). The ends are recorded only when the notification is to be tried
 * again (the sender's choice: otherwise its outcome says how each device ended), so a push that
 * ends at its first attempt costs its devices one batched insert and no update. The reads, claims and ends of the jobs in hand at the same time go to
 * the store together (one command of each kind for them), each job still waiting only for its own.
 * A record lives as long as its notification: pruned at its expiry,
 * erased with its recipient.
 */
export function createMobilePushAttempts(db: Db) {
  const col: Collection<DevicePushDoc> = db.collection<DevicePushDoc>('mobile_push_attempts');
  // The calls of the jobs being sent at once become one command each: a read, an unordered insert
  // of the claims (each claim's own fate: taken, or already recorded), an unordered bulk of the ends.
  const batching = { lingerMs: 0, maxBatch: MAX_RECORDS_PER_COMMAND, concurrency: COMMANDS_IN_FLIGHT };
  const reads = createBatcher<string, DevicePushDoc | undefined, 'read'>({
    ...batching,
    async run(ids) {
      const found = new Map((await col.find({ _id: { $in: [...new Set(ids)] } }).toArray()).map((d) => [d._id, d]));
      return ids.map((id) => found.get(id));
    },
  });
  const claims = createBatcher<DevicePushDoc, boolean, 'claim'>({
    ...batching,
    async run(docs) {
      const fates = await insertManyFates(col, docs);
      return docs.map((_, i) => fates.inserted.has(i));
    },
  });
  const ends = createBatcher<AnyBulkWriteOperation<DevicePushDoc>, void, 'end'>({
    ...batching,
    async run(ops) {
      await retryBusy(() => col.bulkWrite(ops, { ordered: false }));
      return ops.map(() => undefined);
    },
  });
  return {
    /** Expiry (TTL, and `pruneExpired`) and the recipient's records (erasure). */
    async ensureIndexes(): Promise<void> {
      await createExpiryIndex(col);
      await col.createIndex({ project_id: 1, recipient_id: 1 }, { name: 'recipient' });
    },
    pruneExpired: (now: Date, batch: number) => pruneExpiredBatch(col, now, batch),
    /** Erases the records of a recipient's pushes written at or before `before`; returns how many. */
    async deleteForRecipient(projectId: number, recipientId: string, before: Date): Promise<number> {
      return (await retryBusy(() => col.deleteMany({ project_id: projectId, recipient_id: recipientId, updated_at: { $lte: before } }))).deletedCount;
    },
    /** What is recorded for these devices of a notification. */
    async load(notificationId: number, deviceIds: number[]): Promise<Map<number, DevicePushDoc>> {
      const docs = await Promise.all(deviceIds.map((d) => reads.add(idOf(notificationId, d))));
      return new Map(docs.flatMap((d, i) => (d ? [[deviceIds[i], d] as const] : [])));
    },
    /** Takes the device's push for sending: true when this caller holds it (no record yet, or one to retry). */
    async begin(push: PushedNotification, deviceId: number, retrying: boolean, now: Date): Promise<boolean> {
      const _id = idOf(push.notificationId, deviceId);
      if (retrying) {
        const r = await retryBusy(() => col.updateOne({ _id, state: 'retry' }, { $set: { state: 'sending', updated_at: now } }));
        return r.modifiedCount === 1;
      }
      return claims.add({ _id, ...owner(push), state: 'sending', detail: null, updated_at: now });
    },
    /** Records how the device's push ended (or that it is to be tried again). */
    async end(push: PushedNotification, deviceId: number, state: Exclude<DevicePushState, 'sending'>, detail: string | null, now: Date): Promise<void> {
      await ends.add({ updateOne: { filter: { _id: idOf(push.notificationId, deviceId) }, update: { $set: { ...owner(push), state, detail, updated_at: now } }, upsert: true } });
    },
  };
}

export type MobilePushAttempts = ReturnType<typeof createMobilePushAttempts>;
