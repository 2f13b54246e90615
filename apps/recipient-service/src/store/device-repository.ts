import type { Db, WithId } from 'mongodb';
import { guardUnique } from './unique';

interface DeviceDoc {
  /** The device id (from the `device` sequence). */
  _id: number;
  project_id: number;
  recipient_id: string;
  platform: string;
  token: string;
  app_id: string | null;
  locale: string | null;
  created_at: Date;
  /** When the device was last registered: the least recent goes first past the per-recipient limit. */
  updated_at: Date;
}

export interface DeviceRecord {
  id: number;
  recipientId: string;
  platform: string;
  token: string;
  appId: string | null;
  locale: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeviceRegistration {
  platform: string;
  token: string;
  appId: string | null;
  locale: string | null;
}

const toRecord = (d: WithId<DeviceDoc>): DeviceRecord => ({
  id: d._id,
  recipientId: d.recipient_id,
  platform: d.platform,
  token: d.token,
  appId: d.app_id,
  locale: d.locale,
  createdAt: d.created_at,
  updatedAt: d.updated_at,
});

/** Writes that break the token's unique index throw DuplicateError (see ./unique). */
export function createDeviceRepository(db: Db) {
  const col = db.collection<DeviceDoc>('devices');
  const owner = (projectId: number, recipientId: string) => ({ project_id: projectId, recipient_id: recipientId });

  return {
    async ensureIndexes(): Promise<void> {
      // One device per token in a project, whichever recipient holds it: serves the registration's lookup.
      await col.createIndex({ project_id: 1, platform: 1, token: 1 }, { unique: true, name: 'device_token_unique' });
      // A recipient's devices by registration time: the list, the trim past the limit and the erasure.
      await col.createIndex({ project_id: 1, recipient_id: 1, updated_at: 1 }, { name: 'device_recipient' });
    },

    async insert(projectId: number, recipientId: string, id: number, d: DeviceRegistration, now: Date): Promise<DeviceRecord> {
      const doc: DeviceDoc = {
        _id: id, ...owner(projectId, recipientId), platform: d.platform, token: d.token, app_id: d.appId, locale: d.locale, created_at: now, updated_at: now,
      };
      await guardUnique(() => col.insertOne(doc));
      return toRecord(doc);
    },

    /** Registers an existing token again, for this recipient (moving it when another held it); null when no device holds it. */
    async reRegister(projectId: number, recipientId: string, d: DeviceRegistration, now: Date): Promise<DeviceRecord | null> {
      const doc = await col.findOneAndUpdate(
        { project_id: projectId, platform: d.platform, token: d.token },
        { $set: { recipient_id: recipientId, app_id: d.appId, locale: d.locale, updated_at: now } },
        { returnDocument: 'after' },
      );
      return doc && toRecord(doc);
    },

    /** Oldest registration first. */
    async list(projectId: number, recipientId: string): Promise<DeviceRecord[]> {
      return (await col.find(owner(projectId, recipientId)).sort({ updated_at: 1, _id: 1 }).toArray()).map(toRecord);
    },

    /** The devices of many recipients in one `$in` query (the `device_recipient` index): by recipient, oldest registration first. */
    async listForRecipients(projectId: number, recipientIds: string[]): Promise<DeviceRecord[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: { $in: recipientIds } }).sort({ recipient_id: 1, updated_at: 1, _id: 1 }).toArray();
      return docs.map(toRecord);
    },

    /** Removes the least recently registered devices of the recipient beyond `keep`. */
    async trimTo(projectId: number, recipientId: string, keep: number): Promise<void> {
      const newest = await col.find(owner(projectId, recipientId)).sort({ updated_at: -1, _id: -1 }).project<{ _id: number }>({ _id: 1 }).toArray();
      const surplus = newest.slice(keep).map((d) => d._id);
      if (surplus.length > 0) await col.deleteMany({ _id: { $in: surplus }, ...owner(projectId, recipientId) });
    },

    async remove(projectId: number, recipientId: string, id: number): Promise<boolean> {
      return (await col.deleteOne({ _id: id, ...owner(projectId, recipientId) })).deletedCount === 1;
    },

    async removeAllOf(projectId: number, recipientId: string): Promise<void> {
      await col.deleteMany(owner(projectId, recipientId));
    },
  };
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
