import { awaitsConfirmation, chatWriteRefused, checkAddress, needsOwnerApproval, normalizeAddress, smsCountryAllowed, type WrittenContact } from '../domain/contact-rules';
import { assertValid, chatContactNeedsKey, contactExists, contactNotFound, primaryChangeNeedsOwner, primaryContactExists, smsCountryNotAllowed } from '../domain/errors';
import { violation } from '@herald/service-kit';
import type { ContactChange, ContactRecord } from '../store/contact-repository';
import { DuplicateError } from '../store/unique';
import { announcingChange, contactsChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export interface UpdateContactInput {
  projectId: number;
  recipientId: string;
  contactId: number;
  address?: string;
  isPrimary?: boolean;
  /** Written with a recipient token: a new email address then awaits confirmation. */
  byRecipientToken?: boolean;
  /** The calling codes the project may text (empty or absent: all); an sms number outside them is refused. */
  smsCountryCodes?: readonly string[];
}

/**
 * Changes a contact's address and/or primary flag. A new address resets `verified_at`, and awaits
 * confirmation when a recipient token wrote it (else it is confirmed: a key's word); becoming
 * primary while another primary of the medium exists is refused (by the store's unique index). A
 * recipient token cannot change or demote a verified primary email (409 `primary_change_needs_owner`).
 */
export function createUpdateContact(deps: Pick<RecipientDeps, 'recipients' | 'contacts' | 'events' | 'clock' | 'addressRules'>) {
  return async function updateContact(input: UpdateContactInput): Promise<WrittenContact<ContactRecord>> {
    const { projectId, recipientId, contactId } = input;
    if (input.address === undefined && input.isPrimary === undefined) {
      assertValid([violation('', 'at least one of address, is_primary is required', null)]);
    }
    await requireRecipient(deps.recipients, projectId, recipientId);
    const contact = await deps.contacts.findById(projectId, recipientId, contactId);
    if (!contact) throw contactNotFound();
    if (chatWriteRefused(contact.medium, input.byRecipientToken)) throw chatContactNeedsKey();

    const change: ContactChange = {};
    if (input.address !== undefined) {
      assertValid([checkAddress(contact.medium, input.address, deps.addressRules, contact.provider ?? undefined)].filter((v) => v !== null));
      const address = normalizeAddress(contact.medium, input.address);
      if (!smsCountryAllowed(contact.medium, address, input.smsCountryCodes)) throw smsCountryNotAllowed(input.address);
      if (address !== contact.address) {
        Object.assign(change, { address, verifiedAt: null, awaitingConfirmation: awaitsConfirmation(contact.medium, input.byRecipientToken === true) });
      }
    }
    if (input.isPrimary !== undefined && input.isPrimary !== contact.isPrimary) change.isPrimary = input.isPrimary;
    if (Object.keys(change).length === 0) return contact;
    // A token may not move a verified primary away (its address, or its primary flag): PUT asks the owner.
    const movesPrimary = change.address !== undefined || change.isPrimary === false;
    if (contact.isPrimary && movesPrimary && needsOwnerApproval(contact.medium, input.byRecipientToken === true, contact)) throw primaryChangeNeedsOwner();

    try {
      const updated = await announcingChange(deps, contactsChange(projectId, recipientId), () =>
        deps.contacts.update(projectId, recipientId, contactId, contact.medium, change, deps.clock.date()),
      );
      if (!updated) throw contactNotFound();
      return { ...updated, confirmationNeeded: change.awaitingConfirmation === true };
    } catch (err) {
      if (!(err instanceof DuplicateError)) throw err;
      const holder = change.address && (await deps.contacts.findByAddress(projectId, recipientId, contact.medium, change.address));
      throw holder ? contactExists() : primaryContactExists();
    }
  };
}
