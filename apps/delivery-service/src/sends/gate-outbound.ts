import type { CascadeDecision } from '../kernel/decision';
import { emailPending, emailSkipped, type OutboundOutcome } from '../kernel/notification';
import { UNDELIVERABLE_REASON, type OutboundMedium } from '../kernel/outbound';
import type { GoverningEntry, MediumResolution, RecipientDirectory } from '../kernel/ports';
import { gateMobilePush, type GateMobilePushDeps } from './gate-mobile-push';

/** The ports this use case works with. */
export interface GateOutboundDeps extends GateMobilePushDeps {
  recipients: RecipientDirectory;
}

/** One recipient's gating of one outbound medium: the outcome, and the cascade's decision when the cascade ran. */
export interface Gated {
  outcome: OutboundOutcome;
  decision?: CascadeDecision;
}

/** The gating of one batch: each recipient's outcome, and the governing entry (its digest and throttle). */
export interface GatedBatch {
  byRecipient: Map<string, Gated>;
  governing?: GoverningEntry;
}

/**
 * Gating of one outbound medium (email, SMS, web push: interface rule 6) for up to 1,000
 * recipients of one send, on the medium's preference resolution for them (`resolved`, in
 * `recipientIds` order; null when the send has no target): a target, a catalog entry covering (target, medium), the recipient's
 * preference for the medium enabled, and a deliverable primary contact of the medium (confirmed by
 * its owner when a recipient token wrote it: email only). Returns each
 * recipient's outcome: `pending` with the address (for email also whether its mail may offer
 * one-click unsubscribe: not when the governing entry is mandatory), or `skipped` with the reason
 * (`address_undeliverable`, for web push `subscription_expired`, when the contact is marked;
 * `contact_unconfirmed` while it awaits confirmation), with
 * the cascade step that decided the preference; and the governing entry (its digest and
 * throttle), which only email heeds.
 */
export async function gateOutbound(
  deps: GateOutboundDeps,
  medium: OutboundMedium,
  projectId: number,
  recipientIds: string[],
  resolved: MediumResolution | null,
): Promise<GatedBatch> {
  const out = new Map<string, Gated>();
  if (!resolved) {
    for (const id of recipientIds) out.set(id, { outcome: emailSkipped('no_target') });
    return { byRecipient: out };
  }
  if (!resolved.covered) {
    recipientIds.forEach((id, i) => out.set(id, { outcome: emailSkipped('not_cataloged'), decision: resolved.decisions[i] }));
    return { byRecipient: out };
  }
  if (medium === 'mobile_push') {
    await gateMobilePush(deps, projectId, recipientIds, resolved, out);
    return { byRecipient: out, governing: resolved.governing };
  }
  const enabled = recipientIds.filter((_, i) => resolved.enabled[i]);
  const contacts = enabled.length ? (await deps.recipients.getPrimaryContacts({ projectId: BigInt(projectId), recipientIds: enabled, medium })).contacts : [];
  const contactOf = new Map(contacts.map((c) => [c.recipientId, c]));
  recipientIds.forEach((id, i) => {
    const contact = contactOf.get(id);
    const decision = resolved.decisions[i];
    if (!resolved.enabled[i]) out.set(id, { outcome: emailSkipped('preference_disabled'), decision });
    else if (!contact) out.set(id, { outcome: emailSkipped('no_primary_contact'), decision });
    else if (contact.undeliverableReason !== undefined) out.set(id, { outcome: emailSkipped(UNDELIVERABLE_REASON[medium], contact.address), decision });
    else if (contact.awaitingConfirmation) out.set(id, { outcome: emailSkipped('contact_unconfirmed', contact.address), decision });
    else out.set(id, { outcome: { ...emailPending(), address: contact.address, ...(medium === 'email' ? { unsubscribable: !resolved.mandatory } : {}) }, decision });
  });
  return { byRecipient: out, governing: resolved.governing };
}
