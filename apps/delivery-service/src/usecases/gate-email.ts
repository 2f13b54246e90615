import type { CascadeDecision } from '../domain/decision';
import { emailPending, emailSkipped, type EmailOutcome, type Target } from '../domain/notification';
import type { DeliveryDeps } from './deps';
import type { GoverningEntry } from './ports';

/** One recipient's email gating: the outcome, and the cascade's decision when the cascade ran. */
export interface GatedEmail {
  email: EmailOutcome;
  decision?: CascadeDecision;
}

/** The gating of one batch: each recipient's outcome, and the governing entry (its digest and throttle, issue 21). */
export interface GatedBatch {
  byRecipient: Map<string, GatedEmail>;
  governing?: GoverningEntry;
}

/**
 * Email gating for up to 1,000 recipients of one send (interface rule 6): a target, a catalog
 * entry covering (target, email), the recipient's email preference enabled, and a deliverable primary
 * email contact, confirmed by its owner when a recipient token wrote it (issue 20). Returns each recipient's outcome: `pending` with the address (and whether its mail
 * may offer one-click unsubscribe: not when the governing entry is mandatory), or `skipped` with the
 * reason, with the cascade step that decided the preference (issue 19).
 */
export async function gateEmail(
  deps: Pick<DeliveryDeps, 'preferences' | 'recipients'>,
  projectId: number,
  target: Target | null,
  recipientIds: string[],
): Promise<GatedBatch> {
  const out = new Map<string, GatedEmail>();
  if (!target) {
    for (const id of recipientIds) out.set(id, { email: emailSkipped('no_target') });
    return { byRecipient: out };
  }
  const resolved = await deps.preferences.resolveBatch({ projectId: BigInt(projectId), target, medium: 'email', recipientIds });
  if (!resolved.covered) {
    recipientIds.forEach((id, i) => out.set(id, { email: emailSkipped('not_cataloged'), decision: resolved.decisions[i] }));
    return { byRecipient: out };
  }
  const enabled = recipientIds.filter((_, i) => resolved.enabled[i]);
  const contacts = enabled.length
    ? (await deps.recipients.getPrimaryContacts({ projectId: BigInt(projectId), recipientIds: enabled, medium: 'email' })).contacts
    : [];
  const contactOf = new Map(contacts.map((c) => [c.recipientId, c]));
  recipientIds.forEach((id, i) => {
    const contact = contactOf.get(id);
    const decision = resolved.decisions[i];
    if (!resolved.enabled[i]) out.set(id, { email: emailSkipped('preference_disabled'), decision });
    else if (!contact) out.set(id, { email: emailSkipped('no_primary_contact'), decision });
    else if (contact.undeliverableReason !== undefined) out.set(id, { email: emailSkipped('address_undeliverable', contact.address), decision });
    else if (contact.awaitingConfirmation) out.set(id, { email: emailSkipped('contact_unconfirmed', contact.address), decision });
    else out.set(id, { email: { ...emailPending(), address: contact.address, unsubscribable: !resolved.mandatory }, decision });
  });
  return { byRecipient: out, governing: resolved.governing };
}
