import { CONTACT_MEDIUMS, isEmailAddress, LIMITS } from '@herald/contracts';
import { violation, type Violation } from '@herald/service-kit';

export type Medium = (typeof CONTACT_MEDIUMS)[number];

export function isMedium(value: string): value is Medium {
  return (CONTACT_MEDIUMS as readonly string[]).includes(value);
}

export function checkMedium(medium: string): Violation | null {
  return isMedium(medium) ? null : violation('medium', `medium must be one of ${CONTACT_MEDIUMS.join(', ')}`, medium);
}

/** The stored form of an address: email addresses are trimmed and lowercased, others kept as sent. */
export function normalizeAddress(medium: string, address: string): string {
  return medium === 'email' ? address.trim().toLowerCase() : address;
}

/** Address rules, judged on the normalized address: 1–320 characters; email is exactly one addr-spec (`isEmailAddress`). */
export function checkAddress(medium: string, address: string): Violation | null {
  const stored = normalizeAddress(medium, address);
  if (stored.length === 0) return violation('address', 'address must not be empty', address);
  if ([...stored].length > LIMITS.contactAddressMax) {
    return violation('address', `address must be at most ${LIMITS.contactAddressMax} characters`, address);
  }
  if (medium === 'email') {
    if (!isEmailAddress(stored)) {
      return violation(
        'address',
        `address must be one email address (local@domain.tld, at most ${LIMITS.emailAddressMax} characters, no spaces, lists, names or quotes)`,
        address,
      );
    }
  }
  return null;
}

/** Violations of a (medium, address) pair, one per offending property. */
export function contactViolations(input: { medium: string; address: string }): Violation[] {
  return [checkMedium(input.medium), checkAddress(input.medium, input.address)].filter((v): v is Violation => v !== null);
}

/**
 * Whether a new or changed address starts awaiting its owner's confirmation (issue 20): when a
 * recipient token (a browser) wrote it and it is an email address, the one medium Herald mails. An
 * address written with a key is the project's server's word and is used at once (the contract).
 */
export function awaitsConfirmation(medium: string, byRecipientToken: boolean): boolean {
  return byRecipientToken && medium === 'email';
}

/** A contact as a write answers it: `confirmationNeeded` when this write put an address awaiting confirmation. */
export type WrittenContact<C> = C & { confirmationNeeded?: boolean };

/**
 * The value of the unique (project, recipient, primary_slot) index: the medium for a primary
 * contact, so a second primary of the medium is refused by the store; a value unique to the
 * contact otherwise.
 */
export function primarySlot(contactId: number, medium: string, isPrimary: boolean): string {
  return isPrimary ? medium : `c:${contactId}`;
}
