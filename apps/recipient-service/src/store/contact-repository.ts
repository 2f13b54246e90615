import type { Db, WithId } from 'mongodb';
import { primarySlot } from '../domain/contact-rules';
import { prefixRange } from '../domain/prefix-range';
import { guardUnique } from './unique';

interface ContactDoc {
  /** The contact id (from the `contact` sequence). */
  _id: number;
  project_id: number;
  recipient_id: string;
  medium: string;
  address: string;
  is_primary: boolean;
  /** The medium when primary, `c:<id>` otherwise (see the unique index below). */
  primary_slot: string;
  verified_at: Date | null;
  /** Why the address was refused permanently; absent or null: deliverable. */
  undeliverable_reason?: string | null;
  /**
   * True while the address, written by a recipient token, waits for its owner's confirmation
   * absent or false: confirmed (every contact written before this field existed).
   */
  awaiting_confirmation?: boolean;
  /**
   * True while the contact waits to become the primary of its medium (a recipient token asked while
   * the primary was verified); absent or false: no change pending.
   */
  pending_primary?: boolean;
  /** When the owner of the primary address approved this contact becoming the primary; absent: not yet. */
  owner_approved_at?: Date | null;
  /** A chat contact's service (slack, teams, discord); absent for other mediums. */
  provider?: string;
  created_at: Date;
  updated_at: Date;
}

export interface ContactRecord {
  id: number;
  recipientId: string;
  medium: string;
  address: string;
  isPrimary: boolean;
  verifiedAt: Date | null;
  /** null: deliverable. */
  undeliverableReason: string | null;
  /** The address waits for its owner to follow the confirmation link (written by a recipient token). */
  awaitingConfirmation: boolean;
  /** The contact waits to become the primary once confirmed and approved by the current primary's owner. */
  pendingPrimary: boolean;
  /** When the current primary's owner approved this contact becoming the primary; null: not yet. */
  ownerApprovedAt: Date | null;
  /** A chat contact's service; null for other mediums. */
  provider: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ContactChange {
  address?: string;
  isPrimary?: boolean;
  verifiedAt?: Date | null;
  awaitingConfirmation?: boolean;
  pendingPrimary?: boolean;
  ownerApprovedAt?: Date | null;
  /** A chat contact's service, with its new address. */
  provider?: string;
}

const toRecord = (d: WithId<ContactDoc>): ContactRecord => ({
  id: d._id,
  recipientId: d.recipient_id,
  medium: d.medium,
  address: d.address,
  isPrimary: d.is_primary,
  verifiedAt: d.verified_at,
  undeliverableReason: d.undeliverable_reason ?? null,
  awaitingConfirmation: d.awaiting_confirmation === true,
  pendingPrimary: d.pending_primary === true,
  ownerApprovedAt: d.owner_approved_at ?? null,
  provider: d.provider ?? null,
  createdAt: d.created_at,
  updatedAt: d.updated_at,
});

/** Writes that break a unique index throw DuplicateError (see ./unique). */
export function createContactRepository(db: Db) {
  const col = db.collection<ContactDoc>('contacts');
  const owner = (projectId: number, recipientId: string) => ({ project_id: projectId, recipient_id: recipientId });

  return {
    async ensureIndexes(): Promise<void> {
      // Duplicate check of add/update/set-primary, and "which contact holds this address" lookups;
      // its prefix serves ListContacts and the erasure of a recipient's contacts.
      await col.createIndex({ project_id: 1, recipient_id: 1, medium: 1, address: 1 }, { unique: true, name: 'contact_address_unique' });
      // At most one primary per (recipient, medium) without a partial index; also serves the
      // primary lookups (`primary_slot: medium`), GetPrimaryContacts with `recipient_id: {$in}` included.
      await col.createIndex({ project_id: 1, recipient_id: 1, primary_slot: 1 }, { unique: true, name: 'contact_primary_unique' });
      // Recipient search by address prefix.
      await col.createIndex({ project_id: 1, address: 1 }, { name: 'contact_address_prefix' });
    },

    /** The recipients holding an address that starts with `prefix`: up to `limit` contacts, in address order. */
    async recipientIdsWithAddressStarting(projectId: number, prefix: string, limit: number): Promise<string[]> {
      const docs = await col.find({ project_id: projectId, address: prefixRange(prefix) }, { projection: { _id: 0, recipient_id: 1 } }).sort({ address: 1 }).limit(limit).toArray();
      return [...new Set(docs.map((d) => d.recipient_id))];
    },

    async insert(
      projectId: number,
      recipientId: string,
      c: { id: number; medium: string; address: string; isPrimary: boolean; awaitingConfirmation?: boolean; pendingPrimary?: boolean; provider?: string },
      now: Date,
    ): Promise<ContactRecord> {
      const doc: ContactDoc = {
        _id: c.id, ...owner(projectId, recipientId), medium: c.medium, address: c.address, is_primary: c.isPrimary,
        primary_slot: primarySlot(c.id, c.medium, c.isPrimary), verified_at: null, created_at: now, updated_at: now,
        ...(c.awaitingConfirmation ? { awaiting_confirmation: true } : {}),
        ...(c.pendingPrimary ? { pending_primary: true } : {}),
        ...(c.provider ? { provider: c.provider } : {}),
      };
      await guardUnique(() => col.insertOne(doc));
      return toRecord(doc);
    },

    async list(projectId: number, recipientId: string): Promise<ContactRecord[]> {
      return (await col.find(owner(projectId, recipientId)).sort({ _id: 1 }).toArray()).map(toRecord);
    },

    async findById(projectId: number, recipientId: string, id: number): Promise<ContactRecord | null> {
      const doc = await col.findOne({ _id: id, ...owner(projectId, recipientId) });
      return doc && toRecord(doc);
    },

    async findByAddress(projectId: number, recipientId: string, medium: string, address: string): Promise<ContactRecord | null> {
      const doc = await col.findOne({ ...owner(projectId, recipientId), medium, address });
      return doc && toRecord(doc);
    },

    /** Served by the prefix (project, recipient, medium) of `contact_address_unique`. */
    async countOf(projectId: number, recipientId: string, medium: string): Promise<number> {
      return col.countDocuments({ ...owner(projectId, recipientId), medium });
    },

    async findPrimary(projectId: number, recipientId: string, medium: string): Promise<ContactRecord | null> {
      const doc = await col.findOne({ ...owner(projectId, recipientId), primary_slot: medium });
      return doc && toRecord(doc);
    },

    /** Applies a change to one contact of the recipient; null when there is no such contact. */
    async update(projectId: number, recipientId: string, id: number, medium: string, change: ContactChange, now: Date): Promise<ContactRecord | null> {
      const set: Partial<ContactDoc> = { updated_at: now };
      if (change.address !== undefined) set.address = change.address;
      if (change.verifiedAt !== undefined) set.verified_at = change.verifiedAt;
      if (change.awaitingConfirmation !== undefined) set.awaiting_confirmation = change.awaitingConfirmation;
      if (change.pendingPrimary !== undefined) set.pending_primary = change.pendingPrimary;
      if (change.ownerApprovedAt !== undefined) set.owner_approved_at = change.ownerApprovedAt;
      if (change.provider !== undefined) set.provider = change.provider;
      // A new address, or a verification, makes the contact deliverable again.
      if (change.address !== undefined || change.verifiedAt) set.undeliverable_reason = null;
      if (change.isPrimary !== undefined) Object.assign(set, { is_primary: change.isPrimary, primary_slot: primarySlot(id, medium, change.isPrimary) });
      const doc = await guardUnique(() =>
        col.findOneAndUpdate({ _id: id, ...owner(projectId, recipientId) }, { $set: set }, { returnDocument: 'after' }),
      );
      return doc && toRecord(doc);
    },

    /**
     * Marks the contact holding this exact address undeliverable (served by contact_address_unique);
     * false when none holds it (the address changed since the mail was sent). Idempotent.
     */
    async markUndeliverable(projectId: number, recipientId: string, medium: string, address: string, reason: string, now: Date): Promise<boolean> {
      const res = await col.updateOne({ ...owner(projectId, recipientId), medium, address }, { $set: { undeliverable_reason: reason, updated_at: now } });
      return res.matchedCount === 1;
    },

    /**
     * Confirms the contact (verified at `verifiedAt`) if it still holds `address` (served by the _id
     * index); null when no contact of the recipient with that id holds that address any more.
     */
    async confirm(projectId: number, recipientId: string, id: number, address: string, verifiedAt: Date, now: Date): Promise<ContactRecord | null> {
      const doc = await col.findOneAndUpdate(
        { _id: id, ...owner(projectId, recipientId), address },
        { $set: { awaiting_confirmation: false, verified_at: verifiedAt, undeliverable_reason: null, updated_at: now } },
        { returnDocument: 'after' },
      );
      return doc && toRecord(doc);
    },

    async remove(projectId: number, recipientId: string, id: number): Promise<boolean> {
      return (await col.deleteOne({ _id: id, ...owner(projectId, recipientId) })).deletedCount === 1;
    },

    async removeAllOf(projectId: number, recipientId: string): Promise<void> {
      await col.deleteMany(owner(projectId, recipientId));
    },

    /** The primary contacts of one medium for many recipients, in one query. */
    async primariesOf(projectId: number, recipientIds: string[], medium: string): Promise<ContactRecord[]> {
      if (recipientIds.length === 0) return [];
      const docs = await col.find({ project_id: projectId, recipient_id: { $in: recipientIds }, primary_slot: medium }).toArray();
      return docs.map(toRecord);
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
