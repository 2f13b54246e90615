import { isDuplicateKey } from '@herald/service-kit';
import type { Collection, Db } from 'mongodb';
import { retryBusy } from '../../kernel/store/store-retry';

/** Where one device's push of one notification stands: being sent, ended, or to be tried again. */
export type DevicePushState = 'sending' | 'sent' | 'gone' | 'failed' | 'retry';

/** One device's push of one notification; `_id` is `<notification id>:<device id>`. */
export interface DevicePushDoc {
  _id: string;
  project_id: number;
  state: DevicePushState;
  detail: string | null;
  updated_at: Date;
}

const idOf = (notificationId: number, deviceId: number) => `${notificationId}:${deviceId}`;

/**
 * The per-device claims of mobile push: a device's push is marked `sending` (an insert, or a
 * conditional update from `retry`) before its request goes out, so a worker killed mid-batch
 * leaves `sending` behind and no later attempt sends to that device again (at most once per
 * device and notification).
 */
export function createMobilePushAttempts(db: Db) {
  const col: Collection<DevicePushDoc> = db.collection<DevicePushDoc>('mobile_push_attempts');
  return {
    /** What is recorded for these devices of a notification. */
    async load(notificationId: number, deviceIds: number[]): Promise<Map<number, DevicePushDoc>> {
      const docs = await col.find({ _id: { $in: deviceIds.map((d) => idOf(notificationId, d)) } }).toArray();
      return new Map(docs.map((d) => [Number(d._id.split(':')[1]), d]));
    },
    /** Takes the device's push for sending: true when this caller holds it (no record yet, or one to retry). */
    async begin(projectId: number, notificationId: number, deviceId: number, retrying: boolean, now: Date): Promise<boolean> {
      const _id = idOf(notificationId, deviceId);
      if (retrying) {
        const r = await retryBusy(() => col.updateOne({ _id, state: 'retry' }, { $set: { state: 'sending', updated_at: now } }));
        return r.modifiedCount === 1;
      }
      try {
        await retryBusy(() => col.insertOne({ _id, project_id: projectId, state: 'sending', detail: null, updated_at: now }));
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    /** Records how the device's push ended (or that it is to be tried again). */
    async end(projectId: number, notificationId: number, deviceId: number, state: Exclude<DevicePushState, 'sending'>, detail: string | null, now: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: idOf(notificationId, deviceId) }, { $set: { project_id: projectId, state, detail, updated_at: now } }, { upsert: true }));
    },
  };
}

export type MobilePushAttempts = ReturnType<typeof createMobilePushAttempts>;
