import { invalid } from '@herald/service-kit';
import { contactNotFound } from '../domain/errors';
import { normalizeAddress } from '../domain/contact-rules';
import type { ContactRecord } from '../store/contact-repository';
import { announcingChange, contactsChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { promotePendingPrimary } from './promote-pending-primary';
import { requireRecipient } from './require-recipient';

export interface ConfirmContactInput {
  projectId: number;
  recipientId: string;
  contactId: number;
  /** The address the contact must still hold. */
  address: string;
  /** An approval link: the current primary address, mailed the link, approving the contact becoming the primary. */
  approvedBy?: string;
}

const stale = () => invalid('This confirmation link is for an address the contact no longer has', [], 'contact_confirmation_stale');

/**
 * Follows a link Herald mailed. A confirmation link (mailed to the contact's address) confirms it:
 * the contact must still hold the address the link was mailed to, else the link is stale (invalid,
 * `contact_confirmation_stale`); confirming makes the address used for email and marks the contact
 * verified (kept when it already was). An approval link (mailed to the primary address) approves a
 * pending contact becoming the primary: the primary must still hold the approving address and the
 * contact must still be pending with its address, else it is stale. A pending primary both confirmed
 * and approved becomes the primary. Following a link again changes nothing.
 */
export function createConfirmContact(deps: Pick<RecipientDeps, 'recipients' | 'contacts' | 'events' | 'clock'>) {
  return async function confirmContact(input: ConfirmContactInput): Promise<ContactRecord> {
    const { projectId, recipientId, contactId } = input;
    await requireRecipient(deps.recipients, projectId, recipientId);
    const contact = await deps.contacts.findById(projectId, recipientId, contactId);
    if (!contact) throw contactNotFound();
    const address = normalizeAddress(contact.medium, input.address);
    if (contact.address !== address) throw stale();
    if (input.approvedBy !== undefined) return approve(input, contact);
    if (!contact.awaitingConfirmation && contact.verifiedAt) return contact;
    const now = deps.clock.date();
    return announcingChange(deps, contactsChange(projectId, recipientId), async () => {
      const confirmed = await deps.contacts.confirm(projectId, recipientId, contactId, address, contact.verifiedAt ?? now, now);
      if (!confirmed) throw stale();
      return promotePendingPrimary(deps, projectId, recipientId, confirmed);
    });
  };

  /** The approval of a pending primary by the owner of the primary address it replaces. */
  async function approve(input: ConfirmContactInput, contact: ContactRecord): Promise<ContactRecord> {
    const { projectId, recipientId } = input;
    const primary = await deps.contacts.findPrimary(projectId, recipientId, contact.medium);
    if (!contact.pendingPrimary || !primary || primary.address !== normalizeAddress(contact.medium, input.approvedBy ?? '')) throw stale();
    if (contact.ownerApprovedAt) return contact;
    const now = deps.clock.date();
    return announcingChange(deps, contactsChange(projectId, recipientId), async () => {
      const approved = await deps.contacts.update(projectId, recipientId, contact.id, contact.medium, { ownerApprovedAt: now }, now);
      if (!approved) throw contactNotFound();
      return promotePendingPrimary(deps, projectId, recipientId, approved);
    });
  }
}
