import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { MAX_WEBHOOKS_PER_PROJECT } from '@herald/contracts';
import { retryBusy } from '../kernel/store/store-retry';

export interface WebhookSecret {
  /** `whsec_…`, kept as is: it must sign (never returned after creation or rotation). */
  value: string;
  /** null: the current secret; a date: a rotated-out secret that signs alongside until then. */
  expires_at: Date | null;
}

export type DisabledReason = 'gone' | 'failing' | 'manual';

export interface WebhookDoc {
  _id: number;
  project_id: number;
  /** 0..MAX_WEBHOOKS_PER_PROJECT-1, unique per project: the cap holds even with concurrent creates on several replicas. */
  slot: number;
  url: string;
  description: string | null;
  /** Empty: every event type. */
  event_types: string[];
  secrets: WebhookSecret[];
  status: 'enabled' | 'disabled';
  disabled_reason: DisabledReason | null;
  /** Set by the first failed attempt after a success (or since creation); cleared by a success. */
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The secrets that sign at `now`: the current one first, then rotated-out ones not yet expired. */
export const signingSecrets = (w: Pick<WebhookDoc, 'secrets'>, now: Date): string[] =>
  w.secrets.filter((s) => s.expires_at === null || s.expires_at > now).map((s) => s.value);

export function createWebhookRepository(db: Db) {
  const col: Collection<WebhookDoc> = db.collection<WebhookDoc>('webhooks');
  return {
    async ensureIndexes(): Promise<void> {
      // list(projectId), the fan-out's endpoints of a project, and the per-project cap (unique slot).
      await col.createIndex({ project_id: 1, slot: 1 }, { name: 'project_slot', unique: true });
    },
    /** Inserts into the first free slot; null when the project has MAX_WEBHOOKS_PER_PROJECT already. */
    async insert(doc: Omit<WebhookDoc, 'slot'>): Promise<WebhookDoc | null> {
      // Concurrent creates pick random free slots, so they rarely collide; a collision tries again.
      for (let round = 0; round < 50; round++) {
        const used = new Set((await col.find({ project_id: doc.project_id }, { projection: { slot: 1 } }).toArray()).map((d) => d.slot));
        const free = Array.from({ length: MAX_WEBHOOKS_PER_PROJECT }, (_, i) => i).filter((i) => !used.has(i));
        if (free.length === 0) return null;
        const full = { ...doc, slot: free[Math.floor(Math.random() * free.length)] };
        try {
          await retryBusy(() => col.insertOne(full));
          return full;
        } catch (err) {
          // Another create took the slot (or this insert already landed: same _id).
          if (!isDuplicateKey(err)) throw err;
          const mine = await col.findOne({ _id: doc._id });
          if (mine) return mine;
        }
      }
      throw new Error('webhook slot claim did not settle');
    },
    list: (projectId: number) => col.find({ project_id: projectId }).sort({ slot: 1 }).toArray(),
    get: (projectId: number, id: number) => col.findOne({ _id: id, project_id: projectId }),
    byIds: (ids: number[]) => col.find({ _id: { $in: ids } }).toArray(),
    /** Enabled endpoints of these projects (the fan-out). */
    async enabledOf(projectIds: number[]): Promise<WebhookDoc[]> {
      return col.find({ project_id: { $in: projectIds }, status: 'enabled' }).toArray();
    },
    async update(projectId: number, id: number, set: Partial<WebhookDoc>): Promise<WebhookDoc | null> {
      await retryBusy(() => col.updateOne({ _id: id, project_id: projectId }, { $set: set }));
      return col.findOne({ _id: id, project_id: projectId });
    },
    async remove(projectId: number, id: number): Promise<boolean> {
      return (await retryBusy(() => col.deleteOne({ _id: id, project_id: projectId }))).deletedCount === 1;
    },
    /** After a failed attempt: remembers since when it fails (only the first failure writes). */
    async markFailing(id: number, since: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id, failing_since: null }, { $set: { failing_since: since } }));
    },
    /** After a successful attempt: no longer failing (writes only when it was). */
    async markHealthy(id: number): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: id, failing_since: { $ne: null } }, { $set: { failing_since: null } }));
    },
    async disable(endpoint: Pick<WebhookDoc, '_id' | 'project_id'>, reason: DisabledReason, at: Date): Promise<void> {
      await retryBusy(() => col.updateOne({ _id: endpoint._id, status: 'enabled' }, { $set: { status: 'disabled', disabled_reason: reason, updated_at: at } }));
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
