import { emailNotRequested, emailPending, emailSkipped, type EmailOutcome, type Target } from '../domain/notification';
import type { DeliveryDeps } from './deps';

/**
 * Email gating for up to 1,000 recipients of one send (interface rule 6): a target, a catalog
 * entry covering (target, email), the recipient's email preference enabled, and a deliverable primary
 * email contact. Returns each recipient's outcome: `pending` with the address (and whether its mail
 * may offer one-click unsubscribe: not when the governing entry is mandatory), or `skipped` with the reason.
 */
export async function gateEmail(
  deps: Pick<DeliveryDeps, 'preferences' | 'recipients'>,
  projectId: number,
  target: Target | null,
  recipientIds: string[],
): Promise<Map<string, EmailOutcome>> {
  const out = new Map<string, EmailOutcome>();
  if (!target) {
    for (const id of recipientIds) out.set(id, emailSkipped('no_target'));
    return out;
  }
  const resolved = await deps.preferences.resolveBatch({ projectId: BigInt(projectId), target, medium: 'email', recipientIds });
  if (!resolved.covered) {
    for (const id of recipientIds) out.set(id, emailSkipped('not_cataloged'));
    return out;
  }
  const enabled = recipientIds.filter((_, i) => resolved.enabled[i]);
  const contacts = enabled.length
    ? (await deps.recipients.getPrimaryContacts({ projectId: BigInt(projectId), recipientIds: enabled, medium: 'email' })).contacts
    : [];
  const contactOf = new Map(contacts.map((c) => [c.recipientId, c]));
  recipientIds.forEach((id, i) => {
    const contact = contactOf.get(id);
    if (!resolved.enabled[i]) out.set(id, emailSkipped('preference_disabled'));
    else if (!contact) out.set(id, emailSkipped('no_primary_contact'));
    else if (contact.undeliverableReason !== undefined) out.set(id, emailSkipped('address_undeliverable', contact.address));
    else out.set(id, { ...emailPending(), address: contact.address, unsubscribable: !resolved.mandatory });
  });
  return out;
}

export { emailNotRequested };
