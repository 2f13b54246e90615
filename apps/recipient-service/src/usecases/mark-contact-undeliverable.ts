import { normalizeAddress } from '../domain/contact-rules';
import { announcingChange, contactsChange } from './announce-change';
import type { RecipientDeps } from './deps';

/** At most this much of the mail server's reply is kept as the reason. */
const MAX_REASON = 500;

/**
 * Marks the contact holding (recipient, medium, address) undeliverable after the mail server refused
 * the address permanently. Keyed by the address the mail went to, not the contact id: if the
 * recipient changed the address meanwhile, the new one is left alone (false). Idempotent.
 */
export function createMarkContactUndeliverable(deps: Pick<RecipientDeps, 'contacts' | 'events' | 'clock'>) {
  return async function markContactUndeliverable(input: { projectId: number; recipientId: string; medium: string; address: string; reason: string }): Promise<boolean> {
    const address = normalizeAddress(input.medium, input.address);
    const reason = input.reason.trim().slice(0, MAX_REASON) || 'address refused permanently';
    return announcingChange(deps, contactsChange(input.projectId, input.recipientId), () =>
      deps.contacts.markUndeliverable(input.projectId, input.recipientId, input.medium, address, reason, deps.clock.date()),
    );
  };
}
