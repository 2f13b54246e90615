import { awaitsConfirmation, chatWriteRefused, contactViolations, normalizeAddress, smsCountryAllowed, type WrittenContact } from '../domain/contact-rules';
import { assertValid, chatContactNeedsKey, contactExists, primaryContactExists, smsCountryNotAllowed } from '../domain/errors';
import type { ContactRecord } from '../store/contact-repository';
import { DuplicateError } from '../store/unique';
import { announcingChange, contactsChange } from './announce-change';
import { assertRoomForContact, keepWithinRoomForContact } from './assert-room-for-contact';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export interface AddContactInput {
  projectId: number;
  recipientId: string;
  medium: string;
  address: string;
  isPrimary: boolean;
  /** A chat contact's service: slack, teams or discord. */
  provider?: string;
  /** Written with a recipient token: an email address then awaits confirmation. */
  byRecipientToken?: boolean;
  /** The calling codes the project may text (empty or absent: all); an sms number outside them is refused. */
  smsCountryCodes?: readonly string[];
}

/**
 * Adds a contact; the store's unique indexes refuse a duplicate address or a second primary, and a
 * recipient holds at most MAX_CONTACTS_PER_MEDIUM contacts of a medium (checked again after the
 * insert, so racing adds cannot pass it). An
 * email address added with a recipient token awaits its owner's confirmation.
 */
export function createAddContact(deps: RecipientDeps) {
  return async function addContact(input: AddContactInput): Promise<WrittenContact<ContactRecord>> {
    if (chatWriteRefused(input.medium, input.byRecipientToken)) throw chatContactNeedsKey();
    assertValid(contactViolations(input, deps.addressRules));
    const { projectId, recipientId, medium } = input;
    await requireRecipient(deps.recipients, projectId, recipientId);
    const address = normalizeAddress(medium, input.address);
    if (!smsCountryAllowed(medium, address, input.smsCountryCodes)) throw smsCountryNotAllowed(input.address);
    await assertRoomForContact(deps, projectId, recipientId, medium);
    const id = await deps.sequences.next('contact');
    try {
      const awaitingConfirmation = awaitsConfirmation(medium, input.byRecipientToken === true);
      const contact = await announcingChange(deps, contactsChange(projectId, recipientId), async () => {
        const inserted = await deps.contacts.insert(projectId, recipientId, { id, medium, address, isPrimary: input.isPrimary, awaitingConfirmation, provider: input.provider }, deps.clock.date());
        await keepWithinRoomForContact(deps, projectId, recipientId, inserted);
        return inserted;
      });
      return { ...contact, confirmationNeeded: awaitingConfirmation };
    } catch (err) {
      if (!(err instanceof DuplicateError)) throw err;
      // Which index refused it: the address one when the address is already held, else the primary one.
      const holder = await deps.contacts.findByAddress(projectId, recipientId, medium, address);
      throw holder ? contactExists() : primaryContactExists();
    }
  };
}
