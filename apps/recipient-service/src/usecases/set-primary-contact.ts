import { awaitsConfirmation, chatWriteRefused, contactViolations, needsOwnerApproval, normalizeAddress, smsCountryAllowed, type WrittenContact } from '../domain/contact-rules';
import { assertValid, chatContactNeedsKey, smsCountryNotAllowed } from '../domain/errors';
import type { ContactRecord } from '../store/contact-repository';
import { DuplicateError } from '../store/unique';
import { announcingChange, contactsChange } from './announce-change';
import { assertRoomForContact, keepWithinRoomForContact } from './assert-room-for-contact';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export interface SetPrimaryContactInput {
  projectId: number;
  recipientId: string;
  medium: string;
  address: string;
  /** A chat contact's service: slack, teams or discord. */
  provider?: string;
  /** Written with a recipient token: a new email address then awaits confirmation. */
  byRecipientToken?: boolean;
  /** The calling codes the project may text (empty or absent: all); an sms number outside them is refused. */
  smsCountryCodes?: readonly string[];
}

const ATTEMPTS = 5;

/**
 * Makes `address` the recipient's primary contact of `medium` (the numbered rules in `step`). Each
 * pass re-reads the state and takes one step toward the goal, so a pass cut short (crash, or a
 * concurrent writer refused by a unique index) is repaired by the next pass or by a retry of the
 * same request.
 */
export function createSetPrimaryContact(deps: RecipientDeps) {
  return async function setPrimaryContact(input: SetPrimaryContactInput): Promise<WrittenContact<ContactRecord>> {
    if (chatWriteRefused(input.medium, input.byRecipientToken)) throw chatContactNeedsKey();
    assertValid(contactViolations(input, deps.addressRules));
    const { projectId, recipientId, medium } = input;
    await requireRecipient(deps.recipients, projectId, recipientId);
    const address = normalizeAddress(medium, input.address);
    if (!smsCountryAllowed(medium, address, input.smsCountryCodes)) throw smsCountryNotAllowed(input.address);
    return announcingChange(deps, contactsChange(projectId, recipientId), async () => {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const done = await step(deps, { projectId, recipientId, medium, address, provider: input.provider, byRecipientToken: input.byRecipientToken });
          if (done) return done;
        } catch (err) {
          if (!(err instanceof DuplicateError) || attempt === ATTEMPTS) throw err;
        }
      }
      throw new Error(`primary ${medium} contact of ${recipientId} did not settle after ${ATTEMPTS} passes`);
    });
  };
}

/** One step: returns the primary contact when the goal is reached, null when another pass is needed. */
async function step(deps: RecipientDeps, input: SetPrimaryContactInput): Promise<WrittenContact<ContactRecord> | null> {
  const { projectId, recipientId, medium, address } = input;
  // A new address (rules 1 and 2) awaits confirmation when a recipient token wrote it.
  const awaitingConfirmation = awaitsConfirmation(medium, input.byRecipientToken === true);
  const [holder, primary] = await Promise.all([
    deps.contacts.findByAddress(projectId, recipientId, medium, address),
    deps.contacts.findPrimary(projectId, recipientId, medium),
  ]);
  const now = deps.clock.date();
  // rule 3: already the primary, no change. A recipient token setting it again while it still awaits
  // confirmation asks for the link again (a browser's "send the mail again").
  if (holder?.isPrimary) return { ...holder, confirmationNeeded: holder.awaitingConfirmation && input.byRecipientToken === true };
  // A token replacing a verified primary: the change waits for the current owner (docs/security.md).
  if (primary && needsOwnerApproval(medium, input.byRecipientToken === true, primary)) return proposePrimary(deps, input, holder, primary.address);
  if (holder) {
    // The contact holding the address becomes primary, the old primary is demoted first.
    if (primary) await deps.contacts.update(projectId, recipientId, primary.id, medium, { isPrimary: false }, now);
    return deps.contacts.update(projectId, recipientId, holder.id, medium, { isPrimary: true }, now);
  }
  if (primary) {
    // rule 2: the primary takes the new address in place; verification does not carry over.
    const updated = await deps.contacts.update(projectId, recipientId, primary.id, medium, { address, verifiedAt: null, awaitingConfirmation, provider: input.provider }, now);
    return updated && { ...updated, confirmationNeeded: awaitingConfirmation };
  }
  // rule 1: a new primary contact.
  await assertRoomForContact(deps, projectId, recipientId, medium);
  const id = await deps.sequences.next('contact');
  const created = await deps.contacts.insert(projectId, recipientId, { id, medium, address, isPrimary: true, awaitingConfirmation, provider: input.provider }, now);
  await keepWithinRoomForContact(deps, projectId, recipientId, created);
  return { ...created, confirmationNeeded: awaitingConfirmation };
}

/**
 * A recipient token's new primary while the primary is verified: the address is held by a
 * non-primary contact marked `pendingPrimary` (created awaiting its own link when no contact holds
 * it), and the primary stays as it is, so sends keep going to it. The caller mails the new address
 * its link (unless already confirmed) and the current address the notice with its approval link.
 */
async function proposePrimary(deps: RecipientDeps, input: SetPrimaryContactInput, holder: ContactRecord | null, currentAddress: string): Promise<WrittenContact<ContactRecord> | null> {
  const { projectId, recipientId, medium, address } = input;
  const now = deps.clock.date();
  if (holder) {
    const pending = await deps.contacts.update(projectId, recipientId, holder.id, medium, { pendingPrimary: true, ownerApprovedAt: null }, now);
    return pending && { ...pending, confirmationNeeded: pending.awaitingConfirmation, approvalAddress: currentAddress };
  }
  await assertRoomForContact(deps, projectId, recipientId, medium);
  const id = await deps.sequences.next('contact');
  const created = await deps.contacts.insert(projectId, recipientId, { id, medium, address, isPrimary: false, awaitingConfirmation: true, pendingPrimary: true }, now);
  await keepWithinRoomForContact(deps, projectId, recipientId, created);
  return { ...created, confirmationNeeded: true, approvalAddress: currentAddress };
}
